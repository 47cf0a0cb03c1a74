import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { radioWithoutForm } from './radio-without-form.ts';

const ANTD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'node_modules', 'antd', 'es');

describe("antd Radio.Group without the form's store (build/radio-without-form.ts)", () => {
  const transform = radioWithoutForm().transform as (code: string, id: string) => { code: string } | null;

  it("replaces the installed Radio.Group's import with a helper that answers as antd's does", async () => {
    const group = path.join(ANTD, 'radio', 'group.js');
    const out = transform(fs.readFileSync(group, 'utf8'), group);
    expect(out?.code).not.toContain('form/hooks/useForm');
    const helper = new Function(`${/const toNamePathStr = .*;/.exec(out!.code)![0]}\nreturn toNamePathStr;`)() as (name: unknown) => string;
    const { toNamePathStr } = (await import(path.join(ANTD, 'form', 'hooks', 'useForm.js'))) as { toNamePathStr: (name: unknown) => string };
    for (const name of [undefined, false, 'plan', ['visit', 0, 'kind'], 0]) expect(helper(name)).toBe(toNamePathStr(name));
  });

  it('leaves other modules alone and refuses a Radio.Group that no longer imports the helper so', () => {
    expect(transform("import { toNamePathStr } from '../form/hooks/useForm';", '/repo/node_modules/antd/es/radio/radio.js')).toBeNull();
    expect(() => transform("import { toNamePathStr } from '../form/hooks/useForm.js';", '/repo/node_modules/antd/es/radio/group.js')).toThrow('review build/radio-without-form.ts');
  });
});
