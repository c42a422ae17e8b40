import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { HTTP_URL_PATTERN, MAILBOX_PATTERN, type SiteSettings } from '@vsp/contract/endpoints/site-settings';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { ActionMessage, LoadState, outcome } from './status';
import { useDraft } from './use-draft';

const URL_RULE = new RegExp(HTTP_URL_PATTERN);
const MAIL_RULE = new RegExp(MAILBOX_PATTERN);
const VARIANTS = ['standard', 'regional'] as const;
const STORES = ['ios', 'android'] as const;

/** The same rules the server's contract schema applies, for marking fields before sending. */
export function siteSettingsProblems(settings: SiteSettings): string[] {
  const problems: string[] = [];
  for (const variant of VARIANTS)
    for (const store of STORES) if (!URL_RULE.test(settings.storeLinks[variant][store])) problems.push(`storeLinks.${variant}.${store}`);
  for (const box of ['contact', 'service'] as const) if (!MAIL_RULE.test(settings.supportEmails[box])) problems.push(`supportEmails.${box}`);
  return problems;
}

/** Store links per build variant and the support mailboxes the website shows (audited on the server). */
export function SiteSettingsSection() {
  const state = useQuery(queries.siteSettings());
  return (
    <>
      <LoadState query={state} />
      {state.data && <SiteSettingsForm saved={state.data} version={state.dataUpdatedAt} />}
    </>
  );
}

function SiteSettingsForm({ saved, version }: { saved: SiteSettings; version: number }) {
  const [form, setForm] = useDraft(saved, version);
  const [checked, setChecked] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const problems = checked ? siteSettingsProblems(form) : [];
  const save = useMutation(mutations.saveSiteSettings());
  const message = invalid ? { text: TEXTS.settings.invalid, error: true } : outcome(save, () => `${TEXTS.common.saved} ${TEXTS.settings.liveNote}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    const refused = siteSettingsProblems(form).length > 0;
    setInvalid(refused);
    if (refused) save.reset();
    else save.mutate(form);
  }

  const setLink = (variant: (typeof VARIANTS)[number], store: (typeof STORES)[number], value: string) =>
    setForm({ ...form, storeLinks: { ...form.storeLinks, [variant]: { ...form.storeLinks[variant], [store]: value } } });
  const setMailbox = (box: 'contact' | 'service', value: string) => setForm({ ...form, supportEmails: { ...form.supportEmails, [box]: value } });

  return (
    <form onSubmit={submit} className="site-fields" noValidate>
      <h2 id="store-links-heading">{TEXTS.settings.storeHeading}</h2>
      <p className="muted">{TEXTS.settings.storeHint}</p>
      {VARIANTS.map((variant) => (
        <fieldset key={variant}>
          <legend>{TEXTS.settings.variants[variant]}</legend>
          {STORES.map((store) => (
            <label key={store}>
              {TEXTS.settings.stores[store]}
              <input
                type="url"
                inputMode="url"
                maxLength={500}
                required
                aria-invalid={problems.includes(`storeLinks.${variant}.${store}`)}
                value={form.storeLinks[variant][store]}
                onChange={(e) => setLink(variant, store, e.target.value)}
              />
            </label>
          ))}
        </fieldset>
      ))}
      <h2 id="mailboxes-heading">{TEXTS.settings.mailHeading}</h2>
      <p className="muted">{TEXTS.settings.mailHint}</p>
      {(['contact', 'service'] as const).map((box) => (
        <label key={box}>
          {box === 'contact' ? TEXTS.settings.contactMailbox : TEXTS.settings.serviceMailbox}
          <input
            type="email"
            maxLength={254}
            required
            aria-invalid={problems.includes(`supportEmails.${box}`)}
            value={form.supportEmails[box]}
            onChange={(e) => setMailbox(box, e.target.value)}
          />
        </label>
      ))}
      <div>
        <button type="submit" disabled={save.isPending}>
          {TEXTS.settings.saveSite}
        </button>
      </div>
      <ActionMessage message={message} />
    </form>
  );
}
