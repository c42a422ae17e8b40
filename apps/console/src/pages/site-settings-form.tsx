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
const MAILBOXES = ['contact', 'service'] as const;

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

type SiteFields = Record<`storeLinks.${(typeof VARIANTS)[number]}.${(typeof STORES)[number]}` | `supportEmails.${(typeof MAILBOXES)[number]}`, string>;

/** The settings as the form's fields, named by their path (`storeLinks.standard.ios`). */
function fieldsOf({ storeLinks, supportEmails }: SiteSettings): SiteFields {
  const links = VARIANTS.flatMap((variant) => STORES.map((store) => [`storeLinks.${variant}.${store}`, storeLinks[variant][store]]));
  return Object.fromEntries([...links, ...MAILBOXES.map((box) => [`supportEmails.${box}`, supportEmails[box]])]) as SiteFields;
}

function settingsOf(fields: SiteFields): SiteSettings {
  const links = (variant: (typeof VARIANTS)[number]) => ({ ios: fields[`storeLinks.${variant}.ios`], android: fields[`storeLinks.${variant}.android`] });
  return { storeLinks: { standard: links('standard'), regional: links('regional') }, supportEmails: { contact: fields['supportEmails.contact'], service: fields['supportEmails.service'] } };
}

function SiteSettingsForm({ saved, version }: { saved: SiteSettings; version: number }) {
  // Marks the fields the server's contract schema would refuse. The error text is the section's one message,
  // not a line per field: a field in error is marked (aria-invalid), never pointed at a text that is not there.
  const validate = (fields: SiteFields) => {
    const errors: Partial<Record<keyof SiteFields, string>> = {};
    for (const [name, value] of Object.entries(fields) as [keyof SiteFields, string][]) {
      const rule = name.startsWith('storeLinks.') ? URL_RULE : MAIL_RULE;
      if (!rule.test(value)) errors[name] = TEXTS.settings.invalid;
    }
    return errors;
  };
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
      {MAILBOXES.map((box) => (
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
