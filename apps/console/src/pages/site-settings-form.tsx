import { useMutation, useQuery } from '@tanstack/react-query';
import { HTTP_URL_PATTERN, MAILBOX_PATTERN, type SiteSettings } from '@vsp/contract/endpoints/site-settings';
import { mutations } from '../api/mutations';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { ActionMessage, LoadState, outcome } from './status';
import { useDraftForm } from './use-draft';

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

type SiteFields = Record<`storeLinks.${(typeof VARIANTS)[number]}.${(typeof STORES)[number]}` | `supportEmails.${'contact' | 'service'}`, string>;

/** The settings as the form's fields, named by their path (`storeLinks.standard.ios`). */
function fieldsOf(settings: SiteSettings): SiteFields {
  const { storeLinks, supportEmails } = settings;
  const link = (variant: (typeof VARIANTS)[number], store: (typeof STORES)[number]) => storeLinks[variant][store];
  return {
    'storeLinks.standard.ios': link('standard', 'ios'),
    'storeLinks.standard.android': link('standard', 'android'),
    'storeLinks.regional.ios': link('regional', 'ios'),
    'storeLinks.regional.android': link('regional', 'android'),
    'supportEmails.contact': supportEmails.contact,
    'supportEmails.service': supportEmails.service,
  };
}

function settingsOf(fields: SiteFields): SiteSettings {
  const links = (variant: (typeof VARIANTS)[number]) => ({ ios: fields[`storeLinks.${variant}.ios`], android: fields[`storeLinks.${variant}.android`] });
  return { storeLinks: { standard: links('standard'), regional: links('regional') }, supportEmails: { contact: fields['supportEmails.contact'], service: fields['supportEmails.service'] } };
}

function SiteSettingsForm({ saved, version }: { saved: SiteSettings; version: number }) {
  // The error text is the section's one message, not a line per field: a field in error is marked (aria-invalid), never pointed at a text that is not there.
  const validate = (fields: SiteFields) => Object.fromEntries(siteSettingsProblems(settingsOf(fields)).map((field) => [field, TEXTS.settings.invalid]));
  const form = useDraftForm(fieldsOf(saved), version, { validate, browserChecks: false });
  const save = useMutation(mutations.saveSiteSettings());
  const invalid = Object.keys(form.errors).length > 0;
  const message = invalid ? { text: TEXTS.settings.invalid, error: true } : outcome(save, () => `${TEXTS.common.saved} ${TEXTS.settings.liveNote}`);
  const field = (name: keyof SiteFields) => ({ ...form.field(name), 'aria-describedby': undefined });

  return (
    <form {...form.props} onSubmit={form.onSubmit((fields) => save.mutate(settingsOf(fields)))} className="site-fields">
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
                {...field(`storeLinks.${variant}.${store}`)}
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
            {...field(`supportEmails.${box}`)}
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
