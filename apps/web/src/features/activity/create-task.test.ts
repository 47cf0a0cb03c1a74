import { describe, expect, it } from 'vitest';
import type { Tag } from '@/lib/tabs/tag-rules';
import { businessRecordDoctor, createTaskTarget } from './create-task';

const tag = (fullPath: string): Tag => ({ path: fullPath.split('?')[0]!, fullPath, title: { name: '创建任务', nameEn: 'Create task' }, affix: false });

describe('creating a task from the side bar (spec 001 section 2.7)', () => {
  it('opens a fresh create-task tab, with the doctor of the business record the user is on', () => {
    expect(createTaskTarget([], '/task/myPlan')).toEqual({ action: 'open', to: '/task/done' });
    expect(createTaskTarget([], '/customer/businessRecord/7/%E7%8E%8B%E5%BC%BA')).toEqual({
      action: 'open',
      to: '/task/done?doctorId=7&doctorName=%E7%8E%8B%E5%BC%BA',
    });
  });

  it('reuses the open tab on the business record of the same doctor, and replaces it otherwise', () => {
    const open = [tag('/dashboard'), tag('/task/done?doctorId=7&doctorName=Wang')];
    expect(createTaskTarget(open, '/customer/businessRecord/7/Wang')).toEqual({ action: 'reuse', to: '/task/done?doctorId=7&doctorName=Wang' });
    expect(createTaskTarget(open, '/customer/businessRecord/8/Li')).toEqual({ action: 'replace', to: '/task/done?doctorId=8&doctorName=Li' });
    expect(createTaskTarget(open, '/task/today')).toEqual({ action: 'replace', to: '/task/done' });
    expect(createTaskTarget([tag('/task/done')], '/customer/businessRecord/7/Wang').action).toBe('replace');
  });

  it('reads the doctor of a business-record path', () => {
    expect(businessRecordDoctor('/customer/businessRecord/12/%E6%9D%8E')).toEqual({ id: 12, name: '李' });
    expect(businessRecordDoctor('/customer/businessRecord/12/%E0%A4%A')).toEqual({ id: 12, name: '%E0%A4%A' });
    expect(businessRecordDoctor('/customer/totaldoctor')).toBeNull();
  });
});
