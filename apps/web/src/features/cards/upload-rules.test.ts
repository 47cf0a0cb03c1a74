import { describe, expect, it } from 'vitest';
import { message } from '@field-portal/shared';
import { attachmentUploadProblem, imageUploadProblem } from './upload-rules';

const MB = 1024 * 1024;

describe('checks before an upload', () => {
  it('takes JPG and PNG images up to 2 MB for the avatar and 5 MB for content images', () => {
    expect(imageUploadProblem({ name: 'me.png', type: 'image/png', size: 2 * MB }, 'avatar')).toBeUndefined();
    expect(imageUploadProblem({ name: 'me.JPG', type: 'image/jpeg', size: 1 }, 'avatar')).toBeUndefined();
    expect(imageUploadProblem({ name: 'me.png', type: 'image/png', size: 2 * MB + 1 }, 'avatar')).toBe('card.avatarTooLarge');
    expect(imageUploadProblem({ name: 'big.jpeg', type: 'image/jpeg', size: 5 * MB }, 'image')).toBeUndefined();
    expect(imageUploadProblem({ name: 'big.jpeg', type: 'image/jpeg', size: 5 * MB + 1 }, 'image')).toBe('card.imageTooLarge');
  });

  it('refuses other types by their type or their name', () => {
    expect(imageUploadProblem({ name: 'a.gif', type: 'image/gif', size: 1 }, 'avatar')).toBe('card.avatarType');
    expect(imageUploadProblem({ name: 'a.png.html', type: 'text/html', size: 1 }, 'image')).toBe('card.imageType');
    expect(imageUploadProblem({ name: 'a.png', type: 'text/html', size: 1 }, 'image')).toBe('card.imageType');
    expect(message('card.imageType', 'zh')).toContain('JPG');
  });

  it('takes one attachment of at most 52428800 bytes', () => {
    expect(attachmentUploadProblem({ name: 'a.pdf', type: 'application/pdf', size: 52_428_800 }, 0)).toBeUndefined();
    expect(attachmentUploadProblem({ name: 'a.pdf', type: 'application/pdf', size: 52_428_801 }, 0)).toBe('card.attachmentTooLarge');
    expect(attachmentUploadProblem({ name: 'b.pdf', type: 'application/pdf', size: 1 }, 1)).toBe('card.fileLimit');
    expect(message('card.attachmentTooLarge', 'en')).toBe('attachment cannot exceed 50M');
    expect(message('card.fileLimit', 'en')).toBe('currently limited to 1 file');
  });
});
