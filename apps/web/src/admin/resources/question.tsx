import { question as entity } from '@sikkha/contract';
import { NumberInput, TextField, TextInput } from 'react-admin';
import { DateField } from '../components/fields';
import { ListPage } from '../components/ListPage';
import type { AdminResource } from './types';

/** The help page's questions and answers (spec 1 §help, the Q&A tab), in the order of `item`. */
function QuestionList() {
  return (
    <ListPage
      sort={{ field: 'item', order: 'ASC' }}
      columns={[
        <TextField key="item" source="item" />,
        <TextField key="question" source="question" />,
        <DateField key="at" source="update_at" />,
      ]}
      phone={{ primary: (r) => r.question, secondary: (r) => r.result }}
      form={{
        schema: entity.write,
        maxWidth: 'md',
        inputs: [
          <TextInput key="question" source="question" fullWidth autoFocus />,
          <TextInput key="result" source="result" fullWidth multiline minRows={4} />,
          <NumberInput key="item" source="item" />,
        ],
      }}
    />
  );
}

export const questionResource: AdminResource = {
  name: 'question',
  list: QuestionList,
  recordRepresentation: 'question',
};
