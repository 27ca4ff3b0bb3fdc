// Privacy & Settings (spec 001 §2.9; spec 002 §2.12): the spec gives it no content yet.
export function PrivacyPage() {
  return (
    <section className="settings__placeholder" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="list-page__title">
        Privacy &amp; Settings
      </h1>
      <p>Coming soon...</p>
    </section>
  );
}
