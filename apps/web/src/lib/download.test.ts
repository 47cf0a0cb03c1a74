import { describe, expect, it } from 'vitest';
import { dispositionName } from './download';

describe('dispositionName', () => {
  it('reads the UTF-8 name the server writes for a Chinese file name', () => {
    // As the server's content-disposition package writes 医院-模板.xlsx.
    expect(dispositionName(`attachment; filename="??-??.xlsx"; filename*=UTF-8''%E5%8C%BB%E9%99%A2-%E6%A8%A1%E6%9D%BF.xlsx`)).toBe('医院-模板.xlsx');
  });

  it('reads a plain name, quoted or not', () => {
    expect(dispositionName('attachment; filename="meeting-3-report.xlsx"')).toBe('meeting-3-report.xlsx');
    expect(dispositionName('attachment; filename=doctors.xlsx')).toBe('doctors.xlsx');
  });

  it('gives nothing for no header or a header without a name', () => {
    expect(dispositionName(undefined)).toBeUndefined();
    expect(dispositionName('attachment')).toBeUndefined();
  });

  it('falls back to the plain name when the UTF-8 one is malformed', () => {
    expect(dispositionName(`attachment; filename="a.xlsx"; filename*=UTF-8''%E5%ZZ.xlsx`)).toBe('a.xlsx');
  });
});
