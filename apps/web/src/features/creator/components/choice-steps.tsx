import { useTranslation } from '../../../shared/i18n/use-translation';
import { COMPONENT_TYPES, OUTFIT_GENDERS, type ComponentTypeCode, type OutfitGender } from '@vsp/contract/component-types';
import { ComponentTypeIcon, GenderIcon } from './outfit-icons';
import './choice-steps.css';

/** Step 01: menswear or womenswear, as two radio cards. */
export function GenderStep({ value, onChange }: { value: OutfitGender | undefined; onChange(gender: OutfitGender): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="creator-choices creator-choices--gender">
      <legend>{t('creator.gender.hint')}</legend>
      {OUTFIT_GENDERS.map((gender) => (
        <label key={gender} className="creator-choice">
          <input type="radio" name="outfit-gender" value={gender} checked={value === gender} onChange={() => onChange(gender)} />
          <GenderIcon gender={gender} />
          <span className="creator-choice__name">{t(`creator.gender.${gender}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Step 02: one of the 23 component types, each with its illustration for the chosen gender. */
export function ComponentTypeStep({
  gender,
  value,
  onChange,
}: {
  gender: OutfitGender;
  value: ComponentTypeCode | undefined;
  onChange(code: ComponentTypeCode): void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="creator-choices creator-choices--types">
      <legend>{t('creator.component.hint')}</legend>
      {COMPONENT_TYPES.map(({ code }) => (
        <label key={code} className="creator-choice" data-code={code}>
          <input type="radio" name="outfit-component-type" value={code} checked={value === code} onChange={() => onChange(code)} />
          <ComponentTypeIcon code={code} gender={gender} />
          <span className="creator-choice__name">{t(`creator.type.${code}`)}</span>
          <span className="creator-choice__code" dir="ltr">
            {code}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
