import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@vsp/contract/error-catalogue';
import { COMPONENT_TYPE_CODES } from '@vsp/contract/component-types';
import { FOLDER_MESSAGES } from '@vsp/outfit-format/outfit-folder';
import { PREFLIGHT_HINTS, PREFLIGHT_MESSAGES } from '@vsp/outfit-format/outfit-preflight';
import { creatorLabels } from './creator';
import { reviewLabels } from './review';
import { uploadLabels } from './upload';

describe('creator labels', () => {
  const keys = new Map(creatorLabels.map((entry) => [entry.key, entry]));
  // The spec's upload.* keys are shared with the music uploader and live in upload.ts; the measured
  // preflight issues read like the server's refusals, in review.ts.
  const withShared = new Map([...uploadLabels, ...reviewLabels, ...creatorLabels].map((entry) => [entry.key, entry]));

  it('write every text in all 12 languages, in their own words, keeping the placeholders', () => {
    expect(keys.size).toBe(creatorLabels.length);
    for (const entry of creatorLabels) {
      const placeholders = (entry.text.en.match(/\{\w+\}/g) ?? []).sort();
      for (const lang of LANGUAGE_CODES) {
        expect(entry.text[lang].trim(), `${entry.key} ${lang}`).not.toBe('');
        expect((entry.text[lang].match(/\{\w+\}/g) ?? []).sort(), `${entry.key} ${lang}`).toEqual(placeholders);
        if (lang !== 'en') expect(entry.text[lang], `${entry.key} ${lang}`).not.toBe(entry.text.en);
      }
    }
  });

  it('name all 23 component types, every folder rule and every preflight issue', () => {
    for (const code of COMPONENT_TYPE_CODES) expect(keys.has(`creator.type.${code}`), code).toBe(true);
    for (const key of [...Object.values(FOLDER_MESSAGES), ...Object.values(PREFLIGHT_MESSAGES), ...Object.values(PREFLIGHT_HINTS)]) expect(withShared.has(key), key).toBe(true);
  });

  it('keep the spec texts in English', () => {
    expect(withShared.get('upload.fail_message_1')?.text.en).toBe('Only one folder can be dragged in!');
    expect(withShared.get('creator.compress.failed')?.text.en).toBe('Compressing files failed');
    expect(withShared.get('creator.compress.cancelled')?.text.en).toBe('Compression cancelled by user');
    expect(withShared.get('upload.failed')?.text.en).toBe('Upload failed, please try again');
    expect(withShared.get('upload.repeat')?.text.en).toBe('Uploading, do not upload again');
  });
});
