import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AppError } from '@vsp/contract/app-error';
import { Errors } from '@vsp/contract/error-codes';
import { LANGUAGES } from '@vsp/contract/languages';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { useForm } from '@vsp/form/use-form';
import { mutations } from '../api/mutations';
import { queries, type Labels } from '../api/queries';
import { TEXTS } from '../texts';
import { DataTable } from './data-table';
import { editorEntries, filterEntries, missingLanguages, textOf, type EditorEntry } from './labels-model';
import { ActionMessage, LoadState, lastRun, outcome } from './status';

const PAGE_SIZE = 50;

/** Labels: search, edit any text in any language as a draft, and publish a new version for the website. */
export function LabelsPage() {
  const state = useQuery(queries.labels());
  return (
    <section aria-labelledby="labels-heading">
      <h1 id="labels-heading">{TEXTS.labels.heading}</h1>
      <LoadState query={state} />
      {state.data && <LabelsEditor labels={state.data} />}
    </section>
  );
}

/** The catalogue and its drafts as the server has them; a saved draft or a publish refetches them. */
function LabelsEditor({ labels }: { labels: Labels }) {
  const { published, overrides } = labels;
  const filters = useForm({ initial: { query: '', missingOnly: false, draftsOnly: false } });
  const filter = filters.values;
  const [shown, setShown] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string | null>(null);
  const publish = useMutation(mutations.publishLabels());

  const entries = useMemo(() => editorEntries(published, overrides.drafts), [published, overrides.drafts]);
  const matches = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const current = selected ? entries.find((e) => e.key === selected) : undefined;

  return (
    <>
      <div className="row publish-bar">
        <p className="muted">
          {TEXTS.labels.version(overrides.publishedVersion)} {overrides.unpublished ? TEXTS.labels.unpublished : TEXTS.labels.upToDate}
        </p>
        <button type="button" disabled={publish.isPending} onClick={() => publish.mutate()}>
          {TEXTS.labels.publish}
        </button>
      </div>
      <ActionMessage message={outcome(publish, (result) => TEXTS.labels.publishedDone(result.version))} />

      <form {...filters.props} className="row" role="search" aria-label={TEXTS.labels.filters} onSubmit={filters.onSubmit(() => undefined)}>
        <label>
          {TEXTS.labels.search}
          <input
            {...filters.field('query')}
            type="search"
            onChange={(e) => {
              filters.set('query', e.target.value);
              setShown(PAGE_SIZE);
            }}
          />
        </label>
        <label className="check">
          <input {...filters.checkbox('missingOnly')} />
          {TEXTS.labels.missingOnly}
        </label>
        <label className="check">
          <input {...filters.checkbox('draftsOnly')} />
          {TEXTS.labels.draftsOnly}
        </label>
      </form>
      <p role="status" aria-live="polite">
        {TEXTS.labels.count(matches.length, entries.length)}
      </p>

      {current && (
        <LabelEntryEditor key={current.key} entry={current} onClose={() => setSelected(null)} />
      )}

      {matches.length === 0 ? (
        <p>{filter.missingOnly ? TEXTS.labels.noneMissing : TEXTS.labels.none}</p>
      ) : (
        <DataTable columns={[TEXTS.labels.columns.key, TEXTS.labels.columns.english, TEXTS.labels.columns.missing, TEXTS.labels.columns.edit]}>
          {matches.slice(0, shown).map((entry) => {
            const missing = missingLanguages(entry);
            return (
              <tr key={entry.key}>
                <td className="code">
                  {entry.key}
                  {Object.keys(entry.drafts).length > 0 && <span className="badge">{TEXTS.labels.draft}</span>}
                </td>
                <td>{textOf(entry, 'en')}</td>
                <td>{missing.length === 0 ? TEXTS.labels.allLanguages : missing.join(', ')}</td>
                <td>
                  <button type="button" onClick={() => setSelected(entry.key)} aria-label={TEXTS.labels.editKey(entry.key)}>
                    {TEXTS.labels.columns.edit}
                  </button>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {matches.length > shown && (
        <button type="button" className="secondary" onClick={() => setShown(shown + PAGE_SIZE)}>
          {TEXTS.labels.showMore(matches.length - shown)}
        </button>
      )}
    </>
  );
}

/** The 12 texts of one key; each language saves on its own (placeholders are checked per text). */
function LabelEntryEditor({ entry, onClose }: { entry: EditorEntry; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card label-editor" aria-labelledby="label-editor-heading">
      <div className="row">
        <h2 id="label-editor-heading" tabIndex={-1} ref={heading} className="code">
          {TEXTS.labels.editing(entry.key)}
        </h2>
        <button type="button" className="secondary" onClick={onClose}>
          {TEXTS.labels.close}
        </button>
      </div>
      <p className="muted">{entry.describe}</p>
      {LANGUAGES.map((language) => (
        <LanguageField key={language.value} entry={entry} lang={language.value} name={language.label} dir={language.dir} />
      ))}
    </section>
  );
}

function LanguageField({ entry, lang, name, dir }: { entry: EditorEntry; lang: LanguageCode; name: string; dir: 'ltr' | 'rtl' }) {
  const form = useForm({ initial: { text: textOf(entry, lang) }, browserChecks: true });
  const { text } = form.values;
  const id = `label-text-${lang}`;
  const hasDraft = entry.drafts[lang] !== undefined;
  /** Saves this language's draft, or discards it and shows the published text again. */
  const actions = {
    save: useMutation(mutations.setLabel()),
    discard: useMutation({ ...mutations.removeLabel(), onSuccess: () => form.reset({ text: entry.published[lang] ?? '' }) }),
  };
  const last = lastRun(actions);
  const busy = actions[last].isPending;
  const { error, variables } = actions.save;
  const placeholders = last === 'save' && error instanceof AppError && error.code === Errors.ValidationFailed && variables !== undefined && variables.text.trim() !== '';
  const message = placeholders
    ? { text: TEXTS.labels.placeholders(entry.published.en ?? ''), error: true }
    : last === 'save'
      ? outcome(actions.save, () => TEXTS.labels.draftSaved)
      : outcome(actions.discard, () => TEXTS.labels.draftDiscarded);

  return (
    <form {...form.props} className="label-field" onSubmit={form.onSubmit((values) => actions.save.mutate({ key: entry.key, lang, text: values.text }))}>
      <label htmlFor={id}>
        {name} <span className="code">({lang})</span> {hasDraft && <span className="badge">{TEXTS.labels.draft}</span>}
      </label>
      <textarea {...form.field('text')} id={id} dir={dir} lang={lang} rows={2} maxLength={5000} required />
      <div className="row">
        <button type="submit" disabled={busy || text === textOf(entry, lang)}>
          {TEXTS.labels.save(name)}
        </button>
        {hasDraft && (
          <button type="button" className="secondary" disabled={busy} onClick={() => actions.discard.mutate({ key: entry.key, lang })}>
            {TEXTS.labels.discard}
          </button>
        )}
      </div>
      <ActionMessage message={message} />
    </form>
  );
}
