import { useId, useState } from 'react';
import { TEXTS } from '../texts';

export interface DayValue {
  day: string;
  value: number;
}

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 10;
const BOTTOM = 20;

/** Totals and the busiest day, the words a screen reader gets instead of the bars. */
export function chartSummary(title: string, points: readonly DayValue[]): string {
  const total = points.reduce((sum, p) => sum + p.value, 0);
  if (points.length === 0 || total === 0) return TEXTS.analytics.empty(title);
  const max = points.reduce((best, p) => (p.value > best.value ? p : best), points[0]!);
  return TEXTS.analytics.summary(title, total, max.value, max.day, points[0]!.day, points.at(-1)!.day);
}

/**
 * One series as bars per day, in plain SVG (decision 0078): an image with a text summary for
 * assistive technology, and the numbers as a table behind a toggle.
 */
export function DayBarChart({ title, points }: { title: string; points: readonly DayValue[] }) {
  const id = useId();
  const [tableOpen, setTableOpen] = useState(false);
  const max = Math.max(1, ...points.map((p) => p.value));
  const slot = WIDTH / Math.max(1, points.length);
  const plot = HEIGHT - TOP - BOTTOM;
  const summary = chartSummary(title, points);
  return (
    <figure className="chart card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-summary`}>
        <line className="chart-axis" x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} />
        {points.map((p, i) => {
          const h = (p.value / max) * plot;
          return <rect key={p.day} className="chart-bar" x={i * slot + slot * 0.15} width={slot * 0.7} y={HEIGHT - BOTTOM - h} height={h} />;
        })}
        <text className="chart-label" x={0} y={TOP}>
          {max}
        </text>
        {points.length > 0 && (
          <>
            <text className="chart-label" x={0} y={HEIGHT - 5}>
              {points[0]!.day}
            </text>
            <text className="chart-label" x={WIDTH} y={HEIGHT - 5} textAnchor="end">
              {points.at(-1)!.day}
            </text>
          </>
        )}
      </svg>
      <figcaption id={`${id}-summary`}>{summary}</figcaption>
      <div>
        <button type="button" className="secondary" aria-expanded={tableOpen} aria-controls={`${id}-table`} onClick={() => setTableOpen(!tableOpen)}>
          {tableOpen ? TEXTS.analytics.hideTable : TEXTS.analytics.showTable}
        </button>
      </div>
      <div id={`${id}-table`} className="table-wrap" hidden={!tableOpen}>
        <table>
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{TEXTS.analytics.day}</th>
              <th scope="col">{title}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.day}>
                <th scope="row">{p.day}</th>
                <td>{p.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
