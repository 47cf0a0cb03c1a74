import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/lib/http';
import { showSaveFailure } from './save-failure';

afterEach(cleanup);

/** A refusal as the server sends it: a message and the field it is about. */
function refused(field: string | undefined, msg: string, notified = false): HttpError {
  const error = new HttpError('http', 400, { code: 400, msg, ...(field ? { field } : {}) });
  error.notified = notified;
  return error;
}

function renderForm(): { form: FormInstance } {
  const holder: { form?: FormInstance } = {};
  function TaskForm() {
    const [form] = Form.useForm();
    holder.form = form;
    return (
      <Form form={form}>
        <Form.Item name="title" label="任务标题">
          <Input />
        </Form.Item>
        <Form.List name="products" initialValue={[{ product: '' }]}>
          {(fields) =>
            fields.map((f) => (
              <Form.Item key={f.key} name={[f.name, 'product']} label="产品">
                <Input />
              </Form.Item>
            ))
          }
        </Form.List>
      </Form>
    );
  }
  render(<TaskForm />);
  return { form: holder.form! };
}

describe('showSaveFailure', () => {
  it('puts the message on the field the server names, marks it and focuses it, and shows no toast', { timeout: 30_000 }, async () => {
    const { form } = renderForm();
    const toast = vi.fn();
    let placed: string | undefined;
    act(() => {
      placed = showSaveFailure(refused('title', '请填写任务标题'), form, 'zh', toast);
    });
    expect(placed).toBe('title');
    expect(toast).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('请填写任务标题')).toBeTruthy());
    expect(screen.getAllByText('请填写任务标题')).toHaveLength(1);
    const input = screen.getByLabelText('任务标题');
    expect(input.closest('.ant-form-item-has-error')).not.toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('places a nested field (products.0.product) on its row', async () => {
    const { form } = renderForm();
    const toast = vi.fn();
    act(() => {
      showSaveFailure(refused('products.0.product', '请填写产品'), form, 'zh', toast);
    });
    expect(toast).not.toHaveBeenCalled();
    expect(form.getFieldError(['products', 0, 'product'])).toEqual(['请填写产品']);
  });

  it('a field the form does not show gets one toast instead (the message is not lost)', () => {
    const { form } = renderForm();
    const toast = vi.fn();
    const placed = showSaveFailure(refused('status', '任务已完成或已取消,不能再修改'), form, 'zh', toast);
    expect(placed).toBeUndefined();
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('任务已完成或已取消,不能再修改');
    expect(form.getFieldError('status')).toEqual([]);
  });

  it('does not say a refusal twice: no toast when the HTTP client has shown it already', () => {
    const { form } = renderForm();
    const toast = vi.fn();
    showSaveFailure(refused(undefined, '没有权限', true), form, 'zh', toast);
    expect(toast).not.toHaveBeenCalled();
    showSaveFailure(refused(undefined, '没有权限', false), form, 'zh', toast);
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('narrows the fields it places on to `fields` when given', () => {
    const { form } = renderForm();
    const toast = vi.fn();
    expect(showSaveFailure(refused('title', '请填写任务标题'), form, 'en', toast, { body: '' })).toBeUndefined();
    expect(toast).toHaveBeenCalledWith('请填写任务标题');
  });
});
