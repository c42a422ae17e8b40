import { describe, expect, it } from 'vitest';
import { validateMusicForm } from './music-form-validation';

const good = { songName: 'Moonlight', singer: 'Nova', language: 'en', agreed: true };

describe('music form rules', () => {
  it('passes a complete form with an uploaded file', () => {
    expect(validateMusicForm(good, 'uploaded')).toEqual({});
  });

  it('names each broken rule with its message', () => {
    expect(validateMusicForm({ songName: ' ', singer: '', language: '', agreed: false }, 'none')).toEqual({
      songName: 'music.song_name.required',
      singer: 'music.singer.required',
      file: 'music.file.required',
      language: 'music.language.required',
      agreed: 'music.agreement.required',
    });
    expect(validateMusicForm({ ...good, songName: 'a'.repeat(21), singer: 'b'.repeat(21) }, 'uploaded')).toEqual({
      songName: 'music.song_name.too_long',
      singer: 'music.singer.too_long',
    });
  });

  it('counts characters as people do and waits for a running upload', () => {
    expect(validateMusicForm({ ...good, songName: '🎵'.repeat(20), singer: '歌'.repeat(20) }, 'uploaded')).toEqual({});
    expect(validateMusicForm(good, 'uploading')).toEqual({ file: 'upload.repeat' });
    expect(validateMusicForm(good, 'failed')).toEqual({ file: 'music.file.required' });
  });
});
