import { describe, expect, it } from 'vitest';
import { adminFormErrors } from './checks-on-save';

const user = { username: 'new.user', roleIds: [2], newPassword: 'Green-Tree-42', confirmPassword: 'Green-Tree-42' };

describe("adminFormErrors: the checks loaded on a dialog's first save", () => {
  it('checks a new user and an edited one with their own schemas', async () => {
    expect(await adminFormErrors('userCreate', user, 'zh')).toEqual({});
    expect((await adminFormErrors('userCreate', { ...user, newPassword: '', confirmPassword: '' }, 'zh')).newPassword).toBe('新用户必须设置密码');
    expect(await adminFormErrors('userUpdate', { roleIds: [2], newPassword: '', confirmPassword: '' }, 'zh')).toEqual({});
    expect(await adminFormErrors('userCreate', { ...user, roleIds: [] }, 'en')).toEqual({ roleIds: 'A user role is required' });
  });

  it('names a field by its label', async () => {
    const errors = await adminFormErrors('lang', { langType: 'zh', key: 'sys.x', content: '' }, 'en', { content: 'Text' });
    expect(Object.keys(errors)).toEqual(['content']);
    expect(errors.content).toContain('Text');
  });
});
