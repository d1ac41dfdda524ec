/*
 * The privacy and terms pages until the artist writes their own. Their
 * Markdown holds the artist's name and general e-mail as tokens, filled in as
 * the page is shown, so the pages follow the Site area's settings, also once
 * the artist has edited the text (the editor shows the tokens).
 */

/** Written in the text where the page shows the artist's name now. */
const NAME_TOKEN = "{artist name}";
/** Written in the text where the page shows the general contact e-mail now. */
const EMAIL_TOKEN = "{contact email}";

/** The page's Markdown with its tokens filled in. */
export function fillLegalTokens(markdown: string, values: { name: string; email: string }): string {
  return markdown.replaceAll(NAME_TOKEN, values.name).replaceAll(EMAIL_TOKEN, values.email);
}

export function defaultPrivacyMarkdown(name = NAME_TOKEN, email = EMAIL_TOKEN): string {
  return `## What we collect

When you send a message through the contact form we keep what you type: your message and, if you give them, your name and e-mail address. When you join the mailing list we keep your e-mail address and the time you subscribed.

If you create an account we keep your name, e-mail address and a securely hashed password. We do not sell, rent or share any of this with anyone.

## Cookies and local storage

A cookie keeps you signed in if you have an account. Your light or dark theme choice is kept in your own browser and never sent to us. There are no advertising or tracking cookies.

## Embedded content

The live performance video is only loaded from the video host when you choose to play it. Links to streaming services open their own sites, which have their own privacy policies.

## Your choices

You can ask for your messages, subscription or account to be deleted at any time by writing to [${email}](mailto:${email}). ${name} and the site's operator are responsible for this data.
`;
}

export function defaultTermsMarkdown(name = NAME_TOKEN): string {
  return `## Using this site

You are welcome to listen, read and share links to anything on this site. Please do not try to break, overload or gain access to parts of it that are not meant for you.

## The music

All songs, recordings, artwork and text are © ${name} unless stated otherwise. Streaming them here is for personal listening; downloading, re-uploading or using them in other works needs written permission.

## Messages and the mailing list

Messages you send should be your own and lawful. You can leave the mailing list at any time. We may delete messages that are abusive or spam.

## No warranty

The site is offered as it is. We do our best to keep it running and accurate, but cannot promise it will always be available. These terms may change; the date above shows the latest version.
`;
}
