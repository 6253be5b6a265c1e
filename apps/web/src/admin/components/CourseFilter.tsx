import { MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { adminKeys } from '../../lib/query-keys';
import { adminRequest } from '../admin-request';

/** Every course by title, for the filters of the staff screens. */
export function useCourseChoices() {
  return useQuery({
    queryKey: adminKeys.courseChoices(),
    queryFn: () =>
      adminRequest<{ id: number; product_title: string | null }[]>('product', {
        query: { pageSize: 500 },
      }),
  });
}

/** A staff screen's course filter: all courses, or one. */
export function CourseFilter({ value, onChange }: { value: number | ''; onChange: (value: number | '') => void }) {
  const translate = useTranslate();
  const courses = useCourseChoices();
  return (
    <TextField
      select
      size="small"
      label={translate('admin.filters.course')}
      value={value}
      onChange={(event) => onChange(event.target.value === '' ? '' : Number(event.target.value))}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ width: { xs: '100%', sm: 320 } }}
    >
      <MenuItem value="">{translate('admin.filters.allCourses')}</MenuItem>
      {(courses.data?.data ?? []).map((course) => (
        <MenuItem key={course.id} value={course.id}>
          {course.product_title ?? `#${course.id}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
