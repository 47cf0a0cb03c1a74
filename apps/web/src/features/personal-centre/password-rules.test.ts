import { describe, expect, it } from 'vitest';
import { message, PASSWORD } from '@field-portal/shared';
import { passwordErrors } from './password-rules';

describe('password change checks', () => {
  it('accepts a valid change', () => {
    expect(passwordErrors({ oldPassword: 'demo1234', newPassword: 'Quiet-River-42', confirmPassword: 'Quiet-River-42' }, 'zh')).toEqual({});
  });

  it('refuses a new password equal to the old one', () => {
    expect(passwordErrors({ oldPassword: 'Quiet-River-42', newPassword: 'Quiet-River-42', confirmPassword: 'Quiet-River-42' }, 'zh')).toEqual({
      newPassword: message('password.sameAsOld', 'zh'),
    });
  });

  it('refuses a confirmation that does not match', () => {
    expect(passwordErrors({ oldPassword: 'demo1234', newPassword: 'Quiet-River-42', confirmPassword: 'Quiet-River-43' }, 'en')).toEqual({
      confirmPassword: message('password.mismatch', 'en'),
    });
  });

  it('enforces the shared length limits with their numbers', () => {
    const short = 'a'.repeat(PASSWORD.min - 1);
    const errors = passwordErrors({ oldPassword: 'demo1234', newPassword: short, confirmPassword: short }, 'en');
    expect(errors.newPassword).toBe(message('password.length', 'en', { min: PASSWORD.min, max: PASSWORD.max }));
    expect(errors.newPassword).toContain(String(PASSWORD.min));
    const long = 'a'.repeat(PASSWORD.max + 1);
    expect(passwordErrors({ oldPassword: 'demo1234', newPassword: long, confirmPassword: long }, 'en').newPassword).toBe(errors.newPassword);
  });

  it('requires the old password', () => {
    expect(passwordErrors({ newPassword: 'Quiet-River-42', confirmPassword: 'Quiet-River-42' }, 'zh').oldPassword).toBe(message('password.required', 'zh'));
  });
});
