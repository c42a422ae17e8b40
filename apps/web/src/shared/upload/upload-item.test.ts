import { describe, expect, it } from 'vitest';
import { visualState, type UploadItem } from './upload-item';

const item = (patch: Partial<UploadItem>): UploadItem => ({
  uid: 'rc-upload-1',
  name: 'a.mp3',
  size: 1,
  status: 'uploading',
  progress: 0,
  compressing: false,
  file: new File([], 'a.mp3'),
  ...patch,
});

describe('upload item visual state (spec section 4)', () => {
  it('shows compressing while the prepare step runs, then uploading, uploaded or failed', () => {
    expect(visualState(item({ compressing: true }))).toBe('compressing');
    expect(visualState(item({ status: 'uploading' }))).toBe('uploading');
    expect(visualState(item({ status: 'pending' }))).toBe('uploading');
    expect(visualState(item({ status: 'success' }))).toBe('uploaded');
    expect(visualState(item({ status: 'failed' }))).toBe('failed');
  });
});
