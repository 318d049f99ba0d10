/** Placeholder while the full page is written; the router lazy-loads this default export. */
export default function AboutPage() {
  return (
    <main>
      <h1>About us</h1>
    </main>
  );
}
