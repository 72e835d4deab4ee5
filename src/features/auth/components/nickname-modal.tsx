import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { NICKNAME_MAX } from '#contract/session-constants';
import { ApiRequestError, OFFLINE_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '#api/http';
import { paths } from '#domain/paths';
import { saveNickname } from '#features/auth/commands.ts';

const REQUIRED_MESSAGE = 'El Nick Name es obligatorio.';

/** Spec 2: a user without a nickname must choose one. The modal cannot be dismissed. */
export function NicknameModal() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) {
      setFieldError(REQUIRED_MESSAGE);
      return;
    }
    setFieldError(null);
    setServerError(null);
    if (globalThis.navigator?.onLine === false) {
      setServerError(OFFLINE_MESSAGE);
      return;
    }
    setSaving(true);
    try {
      await saveNickname(value);
      navigate(paths.home.getHref(), { replace: true });
    } catch (error) {
      setServerError(error instanceof ApiRequestError ? error.message : UNKNOWN_ERROR_MESSAGE);
      setSaving(false);
    }
  }

  return (
    <Modal
      opened
      onClose={() => undefined}
      title="No tienes un Nick Name !!"
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      trapFocus
      size="md"
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Elige el nombre con el que aparecerás en los rankings.
          </Text>
          <TextInput
            label="Nick Name"
            placeholder="Nick Name"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              if (fieldError) setFieldError(null);
            }}
            error={fieldError}
            maxLength={NICKNAME_MAX}
            autoComplete="nickname"
            data-autofocus
            required
            disabled={saving}
          />
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Button type="submit" loading={saving} fullWidth>
            Guardar
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
