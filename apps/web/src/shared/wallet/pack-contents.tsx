import { useTranslation } from '../i18n/use-translation';
import type { PackLine } from '@vsp/contract/wallet-assets';
import './pack-contents.css';

/** A pack's contents as "Diamond ×60" lines, named by their asset labels. */
export function PackContents({ contents, className }: { contents: readonly PackLine[]; className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className ?? 'pack-contents'}>
      {contents.map((line) => (
        <li key={line.asset}>
          <span>{t(`asset.${line.asset}`)}</span> <span aria-hidden="true">×</span>
          <bdi>{line.quantity.toLocaleString()}</bdi>
        </li>
      ))}
    </ul>
  );
}
