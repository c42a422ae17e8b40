import type { ReactNode } from 'react';

/** A scrollable table with column headers; the caller renders the body rows. */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
