import { memo } from 'react';
import { useTranslation, useLanguageCode } from '../../../shared/i18n/use-translation';
import { numberFormat } from '@vsp/contract/intl-formats';
import { checkFindingText } from '../../../shared/review/review-outcome';
import type { ComponentTypeCode } from '@vsp/contract/component-types';
import { pathInFolder } from '@vsp/outfit-format/outfit-folder';
import { PREFLIGHT_HINTS, type PreflightReport as Report } from '@vsp/outfit-format/outfit-preflight';

/**
 * What the preflight measured against the component type's budget: triangles and materials per
 * model, size per texture, and every issue, each naming its file, the measured value and the
 * component type's limit (in the words of the server's refusal). Issues block confirm; hints (a
 * model that names no texture, a texture no model uses) do not. Every file is named the same way,
 * by its path in the folder (`Textures/Hat.TGA`).
 */
export const PreflightReport = memo(function PreflightReport({ report, componentType }: { report: Report | null; componentType: ComponentTypeCode | undefined }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  const number = (value: number) => numberFormat(lang).format(value);
  if (!report) {
    return (
      <section className="creator-preflight" aria-busy="true" data-testid="preflight">
        <h4>{t('creator.preflight.title')}</h4>
        <p>{t('creator.preflight.checking')}</p>
      </section>
    );
  }
  const { budget } = report;
  return (
    <section className="creator-preflight" data-testid="preflight" data-issues={report.issues.length}>
      <h4>{t('creator.preflight.title')}</h4>
      <table className="creator-preflight__table">
        <thead>
          <tr>
            <th scope="col">{t('creator.preflight.file')}</th>
            <th scope="col">{t('creator.preflight.measure')}</th>
            <th scope="col">{t('creator.preflight.limit')}</th>
          </tr>
        </thead>
        <tbody>
          {report.models.map((m) => (
            <tr key={m.path}>
              <td dir="ltr">{pathInFolder(m.path)}</td>
              <td data-testid="preflight-triangles">
                {t('creator.preflight.model_measure', { triangles: number(m.triangles), materials: number(m.materials) })}
              </td>
              <td>{t('creator.preflight.model_limit', { triangles: number(budget.maxTriangles), materials: number(budget.maxMaterials) })}</td>
            </tr>
          ))}
          {report.textures.map((tex) => (
            <tr key={tex.path}>
              <td dir="ltr">{pathInFolder(tex.path)}</td>
              <td>
                <span dir="ltr">
                  {tex.width}×{tex.height}
                </span>
              </td>
              <td>{t('creator.preflight.texture_limit', { size: number(budget.maxTextureSize) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.issues.length === 0 ? (
        <p className="creator-preflight__ok" data-testid="preflight-ok">
          {t('creator.preflight.passed')}
        </p>
      ) : (
        <ul className="creator-preflight__issues" role="alert" data-testid="preflight-issues">
          {report.issues.map((issue) => (
            <li key={`${issue.kind}:${issue.file}`}>
              <code dir="ltr">{pathInFolder(issue.file)}</code>:{' '}
              {checkFindingText(issue.kind, issue.params, { componentTypeName: componentType ? t(`creator.type.${componentType}`) : '', lang, t })}
            </li>
          ))}
        </ul>
      )}
      {report.hints.length > 0 && (
        <ul className="creator-preflight__hints" data-testid="preflight-hints">
          {report.hints.map((hint) => (
            <li key={`${hint.kind}:${hint.file}`} data-hint={hint.kind}>
              <code dir="ltr">{pathInFolder(hint.file)}</code>: {t(PREFLIGHT_HINTS[hint.kind])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
