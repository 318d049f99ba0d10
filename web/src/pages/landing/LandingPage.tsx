/** Placeholder while the full page is written; the router lazy-loads this default export. */
export default function LandingPage() {
  return (
    <main>
      <h1>Play titled chess players online</h1>
    </main>
  );
}
