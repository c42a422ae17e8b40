import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A table with column headers; the caller renders the body rows. When it is wider than the page its
 * frame scrolls, and then the frame takes keyboard focus so a keyboard can scroll it too (axe:
 * scrollable-region-focusable); a table that fits adds no tab stop.
 */
export function DataTable({ columns, children }: { columns: readonly string[]; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="table-wrap" ref={frame} tabIndex={scrolls ? 0 : undefined}>
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
