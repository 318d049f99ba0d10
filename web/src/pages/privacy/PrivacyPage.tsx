/** Placeholder while the full page is written; the router lazy-loads this default export. */
export default function PrivacyPage() {
  return (
    <main>
      <h1>Privacy Policy</h1>
    </main>
  );
}
