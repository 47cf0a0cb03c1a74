import { useState, type FormEvent } from 'react';

export interface Credentials {
  username: string;
  password: string;
}

export type CredentialProblems = Partial<Record<keyof Credentials, true>>;

/** A blank username (spaces only too) or an empty password. */
export function credentialProblems(values: Credentials): CredentialProblems {
  return {
    ...(values.username.trim() === '' ? { username: true } : {}),
    ...(values.password === '' ? { password: true } : {}),
  };
}

/**
 * The sign-in form's state without a form library (the login page and the phone's sign-in, both
 * without antd for their time: docs/decisions/0055 and 0031): both fields required, checked on
 * submit and again as a field marked wrong is typed in.
 */
export function useCredentials(onValid: (values: Credentials) => void) {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [problems, setProblems] = useState<CredentialProblems>({});
  const change = (field: keyof Credentials, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (problems[field]) setProblems({ ...problems, [field]: credentialProblems(next)[field] });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = credentialProblems(values);
    setProblems(found);
    if (!found.username && !found.password) onValid(values);
  };
  return { values, problems, change, submit };
}
