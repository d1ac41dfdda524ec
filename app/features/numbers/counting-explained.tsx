import { proseClass } from "#app/components/prose-page.tsx";

/**
 * What the privacy page says about the Numbers, below the artist's own words
 * (which they may have written before this existed): the truth of what the
 * software does, in plain words (decision 029).
 */
export function CountingExplained() {
  return (
    <section aria-labelledby="counting-heading" className={`mt-10 ${proseClass}`}>
      <h2 id="counting-heading">What this site counts</h2>
      <p>
        To know which songs people play and how visitors find the site, the site counts a few things itself. No outside analytics service is
        used and nothing is shared with anyone.
      </p>
      <ul>
        <li>Each page seen, and the site or campaign link a visit came from (only the other site&rsquo;s name, never its full address).</li>
        <li>Plays of each track: started, listened to for 30 seconds, and listened to the end.</li>
        <li>Sign-ups to the mailing list, messages, downloads, and clicks on links in our mailings (per link, never per person).</li>
      </ul>
      <p>
        Visitors are counted once a day without knowing who they are. Your internet address and your browser&rsquo;s name are mixed with a
        random value that changes every day and is then deleted, and only the result is kept: for two days, after which it becomes a single
        number. No cookie is set for this, nothing is stored in your browser, and no internet address or browser name is kept.
      </p>
      <p>
        If your browser sends Global Privacy Control or Do Not Track, your visits and plays are not counted at all. Sign-ups, messages and
        downloads are what you chose to send us: they are counted when they are kept.
      </p>
    </section>
  );
}
