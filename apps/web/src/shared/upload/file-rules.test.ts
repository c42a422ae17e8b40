import { describe, expect, it } from 'vitest';
import { checkFile, fileSuffix } from './file-rules';

const MB = 1024 * 1024;

describe('single-file uploader rules', () => {
  it('reads double extensions of media and text files as one suffix', () => {
    expect(fileSuffix('song.mp3')).toBe('mp3');
    expect(fileSuffix('Song.MP3')).toBe('mp3');
    expect(fileSuffix('track.wav.mp3')).toBe('wav.mp3');
    expect(fileSuffix('notes.txt.mp3')).toBe('txt.mp3');
    expect(fileSuffix('setup.exe.txt')).toBe('exe.txt');
    expect(fileSuffix('backup.tar.gz')).toBe('tar.gz');
    expect(fileSuffix('my.song.mp3')).toBe('mp3');
    expect(fileSuffix('Vol. 2 - intro.mp3')).toBe('mp3');
    expect(fileSuffix('README')).toBe('');
  });

  it('checks size, name and suffix with the default or the custom tip', () => {
    const limit = { maxSize: 20, minSize: 0.5, accept: '.mp3', pattern: /[#%&]/ };
    expect(checkFile({ name: 'a.mp3', size: 20 * MB + 1 }, limit)).toEqual({ key: 'upload.size_max', params: { n: 20 } });
    expect(checkFile({ name: 'a.mp3', size: 0.5 * MB - 1 }, limit)).toEqual({ key: 'upload.size_min', params: { n: 0.5 } });
    expect(checkFile({ name: 'a#b.mp3', size: MB }, limit)).toEqual({ key: 'upload.name_mismatch' });
    expect(checkFile({ name: 'a.wav', size: MB }, limit)).toEqual({ key: 'upload.format_mismatch' });
    expect(checkFile({ name: 'a.wav.mp3', size: MB }, limit)).toEqual({ key: 'upload.format_mismatch' });
    expect(checkFile({ name: 'a.mp3', size: 20 * MB }, limit)).toBeNull();

    const tips = { ...limit, sizeTip: 'size!', patternTip: 'name!', acceptTip: 'format!' };
    expect(checkFile({ name: 'a.mp3', size: 21 * MB }, tips)).toEqual({ text: 'size!' });
    expect(checkFile({ name: 'a&.mp3', size: MB }, tips)).toEqual({ text: 'name!' });
    expect(checkFile({ name: 'a.ogg', size: MB }, tips)).toEqual({ text: 'format!' });
  });

  it('can demand a file strictly larger than the minimum (music: over 512 KB)', () => {
    const limit = { minSize: 0.5, minExclusive: true };
    expect(checkFile({ name: 'a.mp3', size: 512 * 1024 }, limit)).toEqual({ key: 'upload.size_min', params: { n: 0.5 } });
    expect(checkFile({ name: 'a.mp3', size: 512 * 1024 + 1 }, limit)).toBeNull();
  });
});
