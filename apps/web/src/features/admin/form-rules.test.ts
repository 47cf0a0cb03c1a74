import { describe, expect, it } from 'vitest';
import { langRequest, menuRequest, orgRequest, userCreateRequest, userUpdateRequest } from '@field-portal/shared';
import { formErrors, importFileError, subtreeIds } from './form-rules';

const user = { username: 'new.user', roleIds: [2], newPassword: 'Green-Tree-42', confirmPassword: 'Green-Tree-42' };

describe('user form rules (spec 001 section 5)', () => {
  it('accepts a complete user', () => {
    expect(formErrors(userCreateRequest, user, 'zh')).toEqual({});
  });
  it('requires a role, in zh and en', () => {
    expect(formErrors(userCreateRequest, { ...user, roleIds: [] }, 'zh')).toEqual({ roleIds: '用户角色必选' });
    expect(formErrors(userCreateRequest, { ...user, roleIds: [] }, 'en')).toEqual({ roleIds: 'A user role is required' });
  });
  it('requires a password for a new user only', () => {
    expect(formErrors(userCreateRequest, { ...user, newPassword: '', confirmPassword: '' }, 'zh').newPassword).toBe('新用户必须设置密码');
    expect(formErrors(userUpdateRequest, { roleIds: [2], newPassword: '', confirmPassword: '' }, 'zh')).toEqual({});
  });
  it('checks the length and the confirmation', () => {
    expect(formErrors(userCreateRequest, { ...user, newPassword: 'short', confirmPassword: 'short' }, 'en').newPassword).toBe(
      'The password must be 8 to 64 characters',
    );
    expect(formErrors(userCreateRequest, { ...user, confirmPassword: 'Green-Tree-43' }, 'zh').confirmPassword).toBe('新密码和确认密码不一致');
  });
  it('checks the mobile number, the email and the login name', () => {
    expect(formErrors(userCreateRequest, { ...user, mobile: '12912345678' }, 'zh').mobile).toBe('请填写正确的手机号码');
    expect(formErrors(userCreateRequest, { ...user, mobile: '13912345678' }, 'zh')).toEqual({});
    expect(formErrors(userCreateRequest, { ...user, email: 'nope' }, 'en').email).toBe('Please enter a valid email address');
    expect(formErrors(userCreateRequest, { ...user, username: 'a b' }, 'en').username).toBe(
      'The login name may only contain letters, digits, dots, underscores and hyphens',
    );
    expect(formErrors(userCreateRequest, { ...user, username: '' }, 'zh').username).toBe('用户名 不能为空'); // without the form's label: the field's words (FIELD_WORDS)
  });
});

describe('other admin forms', () => {
  it('language entries need a dotted key and a content', () => {
    expect(formErrors(langRequest, { langType: 'zh', key: 'sys.user.save.success', content: '保存成功' }, 'zh')).toEqual({});
    expect(formErrors(langRequest, { langType: 'zh', key: 'sys..x', content: 'x' }, 'en').key).toMatch(/letters, digits/);
    expect(formErrors(langRequest, { langType: 'zh', key: 'a', content: '' }, 'zh').content).toBe('内容 不能为空');
  });
  it('organisations need a name; menus a route address starting with / and a safe link', () => {
    expect(formErrors(orgRequest, { name: '' }, 'zh').name).toBe('名称 不能为空');
    expect(formErrors(menuRequest, { name: 'x', path: 'x', router: 'x' }, 'en').path).toBe('Path is invalid');
    expect(formErrors(menuRequest, { name: 'x', path: '/x', router: 'x', link: 'javascript:alert(1)' }, 'en').link).toBe('Link is invalid');
    expect(formErrors(menuRequest, { name: 'x', path: '/x', router: 'x', link: 'https://example.com' }, 'en')).toEqual({});
  });
});

describe('data-permission import file', () => {
  it('takes csv and xlsx of at most 1 MB', () => {
    expect(importFileError({ name: 'p.csv', size: 1024 * 1024 }, 'zh')).toBeUndefined();
    expect(importFileError({ name: 'P.XLSX', size: 10 }, 'zh')).toBeUndefined();
    expect(importFileError({ name: 'p.csv', size: 1024 * 1024 + 1 }, 'zh')).toBe('文件大小不得超过1M');
    expect(importFileError({ name: 'p.xls', size: 10 }, 'en')).toBe('Only csv or xlsx files can be imported');
  });
});

describe('subtreeIds', () => {
  it('lists a node and all its descendants', () => {
    expect(subtreeIds({ id: 1, children: [{ id: 2, children: [{ id: 3 }] }, { id: 4 }] })).toEqual([1, 2, 3, 4]);
  });
});

describe('where an error shows', () => {
  it('at its top-level field, which is what an admin dialog names its items by', () => {
    expect(Object.keys(formErrors(userCreateRequest, { ...user, roleIds: ['x'] }, 'en'))).toEqual(['roleIds']);
  });
  it('says a number is too small, not missing', () => {
    expect(formErrors(orgRequest, { name: 'x', grade: 0 }, 'en', { grade: 'Level' }).grade).toBe('Level must be at least 1');
  });
});

describe('messages name the field by its label', () => {
  it('uses the label given for the field', () => {
    expect(formErrors(orgRequest, { name: '' }, 'zh', { name: '组织名称' }).name).toBe('组织名称 不能为空');
    expect(formErrors(userCreateRequest, { ...user, username: '' }, 'en', { username: 'Login name' }).username).toBe('Login name is required');
  });
});
