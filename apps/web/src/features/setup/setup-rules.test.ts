import { describe, expect, it } from 'vitest';
import { message, PASSWORD } from '@field-portal/shared';
import { setupErrors } from './setup-rules';

const GOOD = {
  companyName: '远山制药',
  username: 'chief',
  displayName: '张主任',
  email: 'chief@yuanshan.example',
  password: 'Lantern-Harbour-72',
  confirmPassword: 'Lantern-Harbour-72',
};

describe('the setup form', () => {
  it('accepts a complete form', () => {
    expect(setupErrors(GOOD, 'zh')).toEqual({});
  });

  it("names each field's problem with the server's messages, in zh and en", () => {
    expect(setupErrors({}, 'en')).toEqual({
      companyName: message('setup.companyNameRequired', 'en'),
      username: message('setup.usernameRequired', 'en'),
      displayName: message('setup.displayNameRequired', 'en'),
      email: message('setup.emailRequired', 'en'),
      password: message('setup.passwordRequired', 'en'),
    });
    expect(setupErrors({ ...GOOD, email: 'chief', username: 'chief admin', password: 'short', confirmPassword: 'other' }, 'zh')).toEqual({
      email: message('setup.emailInvalid', 'zh'),
      username: message('setup.usernameFormat', 'zh'),
      password: message('password.length', 'zh', { min: PASSWORD.min, max: PASSWORD.max }),
      confirmPassword: message('password.mismatch', 'zh'),
    });
    expect(setupErrors({ ...GOOD, confirmPassword: 'Lantern-Harbour-73' }, 'en')).toEqual({ confirmPassword: message('password.mismatch', 'en') });
  });
});
