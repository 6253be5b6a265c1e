import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../../i18n';
import { useAccountMessage } from '../messages';
import { ACCOUNT_NS } from '../texts';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  control: Control<T>;
  name: Path<T>;
  /** An error the form rules do not know (the live e-mail check, a server answer); the rule's error wins. */
  extraError?: string;
};

/**
 * A MUI text field bound to react-hook-form. Its error is the contract's message, shown in the interface language.
 */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  extraError,
  helperText,
  ...props
}: FormTextFieldProps<T>) {
  const message = useAccountMessage();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = message(fieldState.error?.message ?? extraError);
        return (
          <TextField
            fullWidth
            {...props}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(error)}
            helperText={error ?? helperText}
          />
        );
      }}
    />
  );
}

/** A password field with a show / hide button. */
export function PasswordField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { t } = useTranslation(ACCOUNT_NS);
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={visible ? t('hidePassword') : t('showPassword')}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
