import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { NetworkError } from '@vsp/api-client/api-client';
import type { CallResult } from '@vsp/api-client/call-types';
import { AppError } from '@vsp/contract/app-error';
import {
  consoleLabelOverrideRemovePath,
  consoleLabelOverrideSetPath,
  consoleLabelOverridesPath,
  consoleLabelPublishPath,
} from '@vsp/contract/endpoints/labels';
import { Errors } from '@vsp/contract/error-codes';
import { LANGUAGES } from '@vsp/contract/languages';
import { labelListPath, type PublishedLabelEntry } from '@vsp/contract/label-assets';
import type { LanguageCode } from '@vsp/contract/language-codes';
import { api, errorText } from '../api/api';
import { useLoad } from '../api/use-load';
import { TEXTS } from '../texts';
import { DataTable } from './data-table';
import { editorEntries, filterEntries, missingLanguages, textOf, type EditorEntry, type LabelDraft } from './labels-model';
import { ActionMessage, LoadState } from './status';

const PAGE_SIZE = 50;

/** The published catalogue (the website's own download, unsigned) and the drafts of the console. */
async function loadLabels() {
  const [publishedResponse, overrides] = await Promise.all([
    fetch(`${labelListPath}?t=${Date.now()}`, { headers: { accept: 'application/json' } }).catch(() => {
      throw new NetworkError('offline');
    }),
    api.get(consoleLabelOverridesPath),
  ]);
  if (!publishedResponse.ok) throw new NetworkError('offline');
  return { published: (await publishedResponse.json()) as PublishedLabelEntry[], overrides };
}

/** Labels: search, edit any text in any language as a draft, and publish a new version for the website. */
export function LabelsPage() {
  const state = useLoad(loadLabels);
  return (
    <section aria-labelledby="labels-heading">
      <h1 id="labels-heading">{TEXTS.labels.heading}</h1>
      <LoadState loading={state.loading} error={state.error} onRetry={state.reload} />
      {state.data && !state.loading && <LabelsEditor published={state.data.published} initial={state.data.overrides} />}
    </section>
  );
}

function LabelsEditor({ published, initial }: { published: PublishedLabelEntry[]; initial: CallResult<'GET', typeof consoleLabelOverridesPath> }) {
  const [drafts, setDrafts] = useState<LabelDraft[]>(initial.drafts);
  const [version, setVersion] = useState(initial.publishedVersion);
  const [unpublished, setUnpublished] = useState(initial.unpublished);
  const [filter, setFilter] = useState({ query: '', missingOnly: false, draftsOnly: false });
  const [shown, setShown] = useState(PAGE_SIZE);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);

  const entries = useMemo(() => editorEntries(published, drafts), [published, drafts]);
  const matches = useMemo(() => filterEntries(entries, filter), [entries, filter]);
  const current = selected ? entries.find((e) => e.key === selected) : undefined;

  function changeDraft(key: string, lang: LanguageCode, text: string | null) {
    setDrafts((list) => {
      const rest = list.filter((d) => !(d.key === key && d.lang === lang));
      return text === null ? rest : [...rest, { key, lang, text }];
    });
    setUnpublished(true);
  }

  async function publish() {
    setBusy(true);
    try {
      const result = await api.post(consoleLabelPublishPath);
      setVersion(result.version);
      setUnpublished(false);
      setMessage({ text: TEXTS.labels.publishedDone(result.version) });
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="row publish-bar">
        <p className="muted">
          {TEXTS.labels.version(version)} {unpublished ? TEXTS.labels.unpublished : TEXTS.labels.upToDate}
        </p>
        <button type="button" disabled={busy} onClick={() => void publish()}>
          {TEXTS.labels.publish}
        </button>
      </div>
      <ActionMessage message={message} />

      <form className="row" role="search" aria-label={TEXTS.labels.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          {TEXTS.labels.search}
          <input
            type="search"
            value={filter.query}
            onChange={(e) => {
              setFilter({ ...filter, query: e.target.value });
              setShown(PAGE_SIZE);
            }}
          />
        </label>
        <label className="check">
          <input type="checkbox" checked={filter.missingOnly} onChange={(e) => setFilter({ ...filter, missingOnly: e.target.checked })} />
          {TEXTS.labels.missingOnly}
        </label>
        <label className="check">
          <input type="checkbox" checked={filter.draftsOnly} onChange={(e) => setFilter({ ...filter, draftsOnly: e.target.checked })} />
          {TEXTS.labels.draftsOnly}
        </label>
      </form>
      <p role="status" aria-live="polite">
        {TEXTS.labels.count(matches.length, entries.length)}
      </p>

      {current && (
        <LabelEntryEditor
          key={current.key}
          entry={current}
          onChanged={changeDraft}
          onClose={() => setSelected(null)}
        />
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
function LabelEntryEditor({ entry, onChanged, onClose }: { entry: EditorEntry; onChanged: (key: string, lang: LanguageCode, text: string | null) => void; onClose: () => void }) {
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
        <LanguageField key={language.value} entry={entry} lang={language.value} name={language.label} dir={language.dir} onChanged={onChanged} />
      ))}
    </section>
  );
}

function LanguageField({
  entry,
  lang,
  name,
  dir,
  onChanged,
}: {
  entry: EditorEntry;
  lang: LanguageCode;
  name: string;
  dir: 'ltr' | 'rtl';
  onChanged: (key: string, lang: LanguageCode, text: string | null) => void;
}) {
  const [text, setText] = useState(textOf(entry, lang));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const id = `label-text-${lang}`;
  const hasDraft = entry.drafts[lang] !== undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await api.post(consoleLabelOverrideSetPath, { body: { key: entry.key, lang, text } });
      onChanged(entry.key, lang, saved.text);
      setMessage({ text: TEXTS.labels.draftSaved });
    } catch (e) {
      const placeholders = e instanceof AppError && e.code === Errors.ValidationFailed && text.trim() !== '';
      setMessage({ text: placeholders ? TEXTS.labels.placeholders(entry.published.en ?? '') : TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  async function discard() {
    setBusy(true);
    try {
      await api.post(consoleLabelOverrideRemovePath, { body: { key: entry.key, lang } });
      onChanged(entry.key, lang, null);
      setText(entry.published[lang] ?? '');
      setMessage({ text: TEXTS.labels.draftDiscarded });
    } catch (e) {
      setMessage({ text: TEXTS.common.failed(errorText(e)), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="label-field" onSubmit={(e) => void save(e)}>
      <label htmlFor={id}>
        {name} <span className="code">({lang})</span> {hasDraft && <span className="badge">{TEXTS.labels.draft}</span>}
      </label>
      <textarea id={id} dir={dir} lang={lang} rows={2} maxLength={5000} required value={text} onChange={(e) => setText(e.target.value)} />
      <div className="row">
        <button type="submit" disabled={busy || text === textOf(entry, lang)}>
          {TEXTS.labels.save(name)}
        </button>
        {hasDraft && (
          <button type="button" className="secondary" disabled={busy} onClick={() => void discard()}>
            {TEXTS.labels.discard}
          </button>
        )}
      </div>
      <ActionMessage message={message} />
    </form>
  );
}
