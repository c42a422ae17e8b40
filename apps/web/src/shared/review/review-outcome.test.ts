import { describe, expect, it } from 'vitest';
import { textsFor } from '@vsp/labels';
import { Translator } from '../i18n/translator';
import { checkFindingText } from './review-outcome';

describe('checkFindingText', () => {
  const translator = new Translator();
  translator.addTexts('en', textsFor('en'));
  translator.addTexts('ar', textsFor('ar'));
  const words = (lang: 'en' | 'ar', ...[rule, params, type]: [Parameters<typeof checkFindingText>[0], Record<string, number | string>, string]) => {
    translator.setLanguage(lang);
    return checkFindingText(rule, params, { componentTypeName: type, lang, t: (key, values) => translator.t(key, values) });
  };

  it('names the measured value and the limit of the component type, numbers in the locale', () => {
    expect(words('en', 'triangles', { count: 12400, max: 4000 }, 'Hat')).toBe('12,400 triangles; the limit for Hat is 4,000');
    expect(words('en', 'texture_size', { size: '2048×2048', max: 512 }, 'Ring')).toBe('2048×2048 px; textures for Ring may be at most 512 px');
    expect(words('ar', 'triangles', { count: 12400, max: 4000 }, 'قبعة')).toContain('قبعة');
  });

  it('says file sizes the server refuses in megabytes', () => {
    expect(words('en', 'texture_bytes', { size: 3 * 1024 * 1024, max: 1024 * 1024 + 18 }, 'Hat')).toBe('3.0 MB; texture files for Hat may be at most 1.0 MB');
    expect(words('en', 'model_bytes', { size: 70 * 1024 * 1024, max: 64 * 1024 * 1024 }, 'Top')).toBe('70.0 MB; model files may be at most 64.0 MB');
  });
});
