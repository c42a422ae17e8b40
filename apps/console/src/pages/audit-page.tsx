import { useQuery } from '@tanstack/react-query';
import { queries } from '../api/queries';
import { TEXTS } from '../texts';
import { DataTable } from './data-table';
import { LoadState } from './status';

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The newest audit entries: who did what to which target, when, and the state before and after. */
export function AuditPage() {
  const t = TEXTS.audit;
  const list = useQuery(queries.audit(100));
  return (
    <section aria-labelledby="audit-heading">
      <h1 id="audit-heading">{t.heading}</h1>
      <LoadState query={list} />
      {list.data && list.data.entries.length === 0 && <p>{t.empty}</p>}
      {list.data && list.data.entries.length > 0 && (
        <DataTable columns={Object.values(t.columns)}>
          {list.data.entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.at).toLocaleString()}</td>
              <td>{entry.actorUid ?? entry.actorName}</td>
              <td>{entry.action}</td>
              <td>{entry.target}</td>
              <td className="code">{json(entry.before)}</td>
              <td className="code">{json(entry.after)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
