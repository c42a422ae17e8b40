import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vsp/contract/error-catalogue';
import { musicLabels } from './music';
import { uploadLabels } from './upload';

describe('upload and music labels', () => {
  const entries = [...uploadLabels, ...musicLabels];

  it('have unique keys, a describe note and all 12 texts, written in each language', () => {
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    for (const entry of entries) {
      expect(entry.describe.length, entry.key).toBeGreaterThan(10);
      for (const lang of LANGUAGE_CODES) {
        expect(entry.text[lang]?.trim(), `${entry.key} ${lang}`).toBeTruthy();
        if (lang !== 'en') expect(entry.text[lang], `${entry.key} ${lang}`).not.toBe(entry.text.en);
      }
    }
  });

  it("keep every placeholder of the English text in each language", () => {
    for (const entry of entries) {
      const placeholders = entry.text.en.match(/\{\w+\}/g) ?? [];
      for (const lang of LANGUAGE_CODES) for (const p of placeholders) expect(entry.text[lang], `${entry.key} ${lang}`).toContain(p);
    }
  });

  it("use the spec's English words", () => {
    const en = (key: string) => entries.find((e) => e.key === key)?.text.en;
    expect(en('upload.repeat')).toBe('Uploading, do not upload again');
    expect(en('upload.failed')).toBe('Upload failed, please try again');
    expect(en('upload.fail_message_1')).toBe('Only one folder can be dragged in!');
    expect(en('music.upload_failed')).toBe('Upload failed, please upload again');
    expect(en('music.song_name.placeholder')).toBe('Please enter a song name');
    expect(en('music.song_name.required')).toBe('You must input a song name');
    expect(en('music.singer.required')).toBe('You must input a singer name');
    expect(en('music.file.required')).toBe('No file selected');
    expect(en('music.language.required')).toBe('You must select a music type');
    expect(entries.find((e) => e.key === 'upload.no_credential')?.text['zh-Hans']).toBe('OSS凭证不存在');
  });
});
