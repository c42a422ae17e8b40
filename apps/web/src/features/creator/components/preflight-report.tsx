import { memo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { PREFLIGHT_MESSAGES, type PreflightReport as Report } from '@vsp/outfit-format/outfit-preflight';

/**
 * What the preflight measured against the component type's budget: triangles and materials per
 * model, size per texture, and every issue, each naming its file. Issues block confirm.
 */
export const PreflightReport = memo(function PreflightReport({ report }: { report: Report | null }) {
  const { t } = useTranslation();
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
              <td dir="ltr">{m.path.split('/').slice(1).join('/')}</td>
              <td data-testid="preflight-triangles">
                {t('creator.preflight.model_measure', { triangles: m.triangles, materials: m.materials })}
              </td>
              <td>{t('creator.preflight.model_limit', { triangles: budget.maxTriangles, materials: budget.maxMaterials })}</td>
            </tr>
          ))}
          {report.textures.map((tex) => (
            <tr key={tex.path}>
              <td dir="ltr">{tex.path.split('/').slice(1).join('/')}</td>
              <td>
                <span dir="ltr">
                  {tex.width}×{tex.height}
                </span>
              </td>
              <td>{t('creator.preflight.texture_limit', { size: budget.maxTextureSize })}</td>
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
              {t(PREFLIGHT_MESSAGES[issue.kind], issue.params)} <code dir="ltr">{issue.file}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
