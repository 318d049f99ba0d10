/** Placeholder while the full page is written; the router lazy-loads this default export. */
export default function PlayersPage() {
  return (
    <main>
      <h1>Our titled players</h1>
    </main>
  );
}
