export function App() {
  const version = window.treasury?.version;
  return (
    <main>
      <h1>Treasury Desktop</h1>
      <p>
        The app shell is in place. Screens for transactions, cards, accounts, transfers and
        payments come next.
      </p>
      {version ? <p>Version {version}</p> : null}
    </main>
  );
}
