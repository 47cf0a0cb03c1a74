import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDuplicateDoctor } from '@field-portal/shared';
import '@/lib/i18n';
import { AddDoctorProblem } from './AddDoctorWizard';

function DoctorRecord() {
  const { doctorId, doctorName } = useParams();
  return (
    <p>
      record {doctorId} {doctorName}
    </p>
  );
}

function show(existing?: { id: number; name: string }) {
  const onOpen = vi.fn();
  render(
    <MemoryRouter initialEntries={['/customer/totaldoctor']}>
      <Routes>
        <Route
          path="/customer/totaldoctor"
          element={<AddDoctorProblem problem="医生已存在:欧阳明远(上海医院 内科),编号 42" existing={existing} onOpen={onOpen} />}
        />
        <Route path="/customer/businessRecord/:doctorId/:doctorName" element={<DoctorRecord />} />
      </Routes>
    </MemoryRouter>,
  );
  return { onOpen };
}

afterEach(cleanup);

describe('the add-doctor wizard on a duplicate', () => {
  it('links to the doctor already there and closes the wizard on the way', () => {
    const { onOpen } = show({ id: 42, name: '欧阳明远' });
    expect(screen.getByRole('alert').textContent).toContain('编号 42');
    fireEvent.click(screen.getByRole('link', { name: '查看已有医生 欧阳明远' }));
    expect(onOpen).toHaveBeenCalledOnce();
    expect(screen.getByText('record 42 欧阳明远')).toBeTruthy();
  });

  it('shows the message alone when the 409 names no doctor in scope', () => {
    show(undefined);
    expect(screen.getByRole('alert').textContent).toContain('医生已存在');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('accepts only a well-formed result as the existing doctor', () => {
    expect(isDuplicateDoctor({ id: 42, name: '欧阳明远' })).toBe(true);
    expect(isDuplicateDoctor(null)).toBe(false);
    expect(isDuplicateDoctor({ id: '42', name: 'x' })).toBe(false);
    expect(isDuplicateDoctor({ id: 0, name: 'x' })).toBe(false);
  });
});
