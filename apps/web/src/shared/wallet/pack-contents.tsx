import { useTranslation, useLanguageCode } from '../i18n/use-translation';
import { numberFormat } from '@vsp/contract/intl-formats';
import type { PackLine } from '@vsp/contract/wallet-assets';
import './pack-contents.css';

/** A pack's contents as "Diamond ×60" lines, named by their asset labels, counted in the page's language. */
export function PackContents({ contents }: { contents: readonly PackLine[] }) {
  const { t } = useTranslation();
  const lang = useLanguageCode();
  return (
    <ul className="pack-contents">
      {contents.map((line) => (
        <li key={line.asset}>
          <span>{t(`asset.${line.asset}`)}</span> <span aria-hidden="true">×</span>
          <bdi>{numberFormat(lang).format(line.quantity)}</bdi>
        </li>
      ))}
    </ul>
  );
}
