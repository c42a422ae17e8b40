import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function ConsoleHome() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>Operator console</h1>
      <p>Review, gift campaigns, orders, users, settings and labels arrive here.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleHome />
  </StrictMode>,
);
