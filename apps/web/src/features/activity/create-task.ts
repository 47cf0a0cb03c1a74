import { ACTIVITY_LIMITS } from '@field-portal/shared';
import { clearUnsaved } from '@/lib/tabs/close-guards';
import type { Tag } from '@/lib/tabs/tag-rules';
import { tagsStore } from '@/lib/tabs/tags-store';

/** The create-task route (menu router `done`) and where its unsubmitted form is kept. */
export const CREATE_TASK_PATH = '/task/done';
export const TASK_DRAFT_KEY = 'fp.taskDraft';
const BUSINESS_RECORD = /^\/customer\/businessRecord\/(\d+)\/([^/]+)/;

/** The doctor of a business-record page, from its path. */
export function businessRecordDoctor(pathname: string): { id: number; name: string } | null {
  const match = BUSINESS_RECORD.exec(pathname);
  if (!match) return null;
  let name = match[2]!;
  try {
    name = decodeURIComponent(name);
  } catch {
    // keep it as it is
  }
  return { id: Number(match[1]), name };
}

export interface CreateTaskTarget {
  /** reuse: show the open create-task tab as it is; replace: close it and open a fresh one; open: no tab yet. */
  action: 'reuse' | 'replace' | 'open';
  to: string;
}

/**
 * Spec 001 section 2.7: when a create-task tab is already open, it is reused if the current page
 * is the business record of the same doctor the tab was opened for, and replaced otherwise.
 */
export function createTaskTarget(tags: readonly Tag[], currentPath: string): CreateTaskTarget {
  const doctor = businessRecordDoctor(currentPath);
  const fresh = doctor ? `${CREATE_TASK_PATH}?${new URLSearchParams({ doctorId: String(doctor.id), doctorName: doctor.name }).toString()}` : CREATE_TASK_PATH;
  const open = tags.find((tag) => tag.path === CREATE_TASK_PATH);
  if (!open) return { action: 'open', to: fresh };
  const openDoctor = new URLSearchParams(open.fullPath.split('?')[1] ?? '').get('doctorId');
  if (doctor && openDoctor === String(doctor.id)) return { action: 'reuse', to: open.fullPath };
  return { action: 'replace', to: fresh };
}

/** Opens the create-task tab from the side bar (or a business record) after the spec's 100 ms. */
export function openCreateTask(navigate: (to: string) => void, currentPath: string): void {
  setTimeout(() => {
    const target = createTaskTarget(tagsStore.get(), currentPath);
    if (target.action === 'replace') {
      sessionStorage.removeItem(TASK_DRAFT_KEY);
      clearUnsaved(CREATE_TASK_PATH);
      tagsStore.set(tagsStore.get().filter((tag) => tag.path !== CREATE_TASK_PATH));
    }
    navigate(target.to);
  }, ACTIVITY_LIMITS.createTaskDelayMs);
}
