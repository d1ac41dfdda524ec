import type { ReactNode } from "react";
import type { SiteSection, SiteSettings } from "#app/domain/site/site-config-schema.ts";
import { inputStyles } from "#app/components/ui/text-field.tsx";
import { formatVideoStart } from "#app/domain/youtube.ts";
import { AreaField, Field, SectionSelect } from "./section-fields.tsx";
import { SectionForm, type SectionStateView } from "./section-form.tsx";
import { PressFields } from "./press-fields.tsx";
import { SupportFields } from "./support-fields.tsx";
import { SocialFields } from "./social-links-fields.tsx";
import { PRESS_EDITOR_TEXT, SITE_TEXT, SUPPORT_EDITOR_TEXT } from "./ui-text.ts";
import type { SiteVersionView } from "./version-list.tsx";

export type SiteEditorData = {
  settings: SiteSettings;
  sections: Record<SiteSection, SectionStateView>;
  versions: Record<SiteSection, SiteVersionView[]>;
  /** The catalogue, for the featured song. */
  songs: { id: string; title: string }[];
  /** What the privacy and terms pages show now, the built-in text included. */
  legal: { privacy: string; terms: string };
  /** The releases with music out, for the press kit to play. */
  releases: { id: string; title: string }[];
};

/** Every part of the site the artist writes; `pressFiles` (the kit's PDFs, another feature's area) follows the press kit's words. */
export function SiteSections({ data, pressFiles }: { data: SiteEditorData; pressFiles?: ReactNode }) {
  const { settings: s, sections, versions } = data;
  const common = (section: SiteSection) => ({ section, state: sections[section], versions: versions[section] });
  return (
    <div className="space-y-8">
      <SectionForm {...common("artist")} title="Name and description" description="How the site, search engines and share cards name you.">
        <Field name="name" label="Artist name" defaultValue={s.artist.name} maxLength={80} />
        <Field name="tagline" label="Tagline" defaultValue={s.artist.tagline} maxLength={120} />
        <AreaField
          name="description"
          label="Description"
          hint="One or two sentences; search results and share cards show it."
          defaultValue={s.artist.description}
          maxLength={300}
          rows={3}
        />
        <Field
          name="genres"
          label="Genres"
          hint="Separated by commas, up to six."
          defaultValue={s.artist.genres.join(", ")}
          maxLength={200}
        />
      </SectionForm>

      <SectionForm {...common("home")} title="Home page">
        <Field name="heroHeading" label="Heading under your name" defaultValue={s.home.heroHeading} maxLength={120} />
        <AreaField name="heroText" label="Introduction" defaultValue={s.home.heroText} maxLength={400} rows={3} />
        <AreaField
          name="aboutPreview"
          label="About, in short"
          hint="Shown on the home page above the link to your bio."
          defaultValue={s.home.aboutPreview}
          maxLength={600}
          rows={4}
        />
      </SectionForm>

      <SectionForm {...common("bio")} title="Bio">
        <AreaField
          name="story"
          label="Your story"
          hint="Leave an empty line between paragraphs (up to ten, 1,500 characters each)."
          defaultValue={s.bio.story.join("\n\n")}
          maxLength={16_000}
          rows={12}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold">Four influences</legend>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {s.bio.influences.map((influence, i) => (
              <div key={i} className="space-y-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
                <Field name={`influences.${i}.name`} label={`Influence ${i + 1}`} defaultValue={influence.name} maxLength={60} />
                <AreaField
                  name={`influences.${i}.description`}
                  label={`Influence ${i + 1}: in a sentence`}
                  defaultValue={influence.description}
                  maxLength={200}
                  rows={2}
                />
              </div>
            ))}
          </div>
        </fieldset>
      </SectionForm>

      <SectionForm
        {...common("featuredSong")}
        title="Featured song"
        description="The song the home page puts first; fans play it right there."
      >
        <SectionSelect
          name="songId"
          label="Song"
          defaultValue={s.featuredSong.songId ?? ""}
          options={[
            { value: "", label: "The latest release (changes with it)" },
            ...data.songs.map((song) => ({ value: song.id, label: song.title })),
          ]}
        />
        <AreaField
          name="description"
          label="A line about it (optional)"
          defaultValue={s.featuredSong.description}
          maxLength={300}
          rows={2}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field
            name="link.url"
            label="Extra link (optional)"
            hint="A pre-save, a video: anything outside the site."
            type="url"
            defaultValue={s.featuredSong.link?.url ?? ""}
            maxLength={500}
          />
          <Field name="link.label" label="Its button text" defaultValue={s.featuredSong.link?.label ?? ""} maxLength={40} />
        </div>
      </SectionForm>

      <SectionForm {...common("liveVideo")} title="Live video" description="Nothing is loaded from YouTube until a fan presses play.">
        <Field
          name="youtubeId"
          label="YouTube address"
          hint="Paste the video's address (watch, youtu.be, shorts or embed) or its id. A time in the address (…&t=1m13s) sets the start."
          defaultValue={`https://www.youtube.com/watch?v=${s.liveVideo.youtubeId}`}
          maxLength={500}
        />
        <Field
          name="startSeconds"
          label="Start at"
          hint="Like 1:23, or seconds."
          defaultValue={formatVideoStart(s.liveVideo.startSeconds)}
          maxLength={10}
        />
        <Field name="title" label="Title" defaultValue={s.liveVideo.title} maxLength={120} />
      </SectionForm>

      <SectionForm
        {...common("social")}
        title="Social links"
        description="Shown in the footer, on the contact page and the music page, in this order."
      >
        <SocialFields links={s.social.links} />
      </SectionForm>

      <SectionForm {...common("contact")} title="Contact page">
        {(["collaboration", "booking", "general"] as const).map((channel) => (
          <fieldset key={channel} className="space-y-3 rounded-2xl border border-stone-200 p-4 dark:border-stone-800">
            <legend className="px-1 text-sm font-semibold capitalize">{channel}</legend>
            <Field name={`${channel}.heading`} label="Heading" defaultValue={s.contact[channel].heading} maxLength={60} />
            <AreaField name={`${channel}.text`} label="Text" defaultValue={s.contact[channel].text} maxLength={400} rows={2} />
            <Field
              name={`${channel}.email`}
              label="E-mail"
              type="email"
              autoComplete="email"
              defaultValue={s.contact[channel].email}
              maxLength={254}
            />
          </fieldset>
        ))}
      </SectionForm>

      <SectionForm
        {...common("press")}
        title={PRESS_EDITOR_TEXT.title}
        description={
          <>
            {PRESS_EDITOR_TEXT.description}{" "}
            <a href="/press" target="_blank" rel="noopener" className="underline">
              {PRESS_EDITOR_TEXT.seePage}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        }
      >
        <PressFields press={s.press} releases={data.releases} />
      </SectionForm>
      {pressFiles}

      <SectionForm {...common("support")} title={SUPPORT_EDITOR_TEXT.title} description={SUPPORT_EDITOR_TEXT.description}>
        <SupportFields support={s.support} />
      </SectionForm>

      {(["privacy", "terms"] as const).map((page) => (
        <SectionForm
          key={page}
          {...common(page)}
          title={page === "privacy" ? "Privacy page" : "Terms page"}
          description={
            <>
              Markdown: ## for a heading, a blank line between paragraphs, [words](https://…) for a link. {SITE_TEXT.legalTokens}{" "}
              {s[page].markdown ? null : SITE_TEXT.legalBuiltIn}{" "}
              <a href={`/${page}`} target="_blank" rel="noopener" className="underline">
                See the page<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </>
          }
        >
          <AreaField
            name="markdown"
            label="Text"
            defaultValue={data.legal[page]}
            maxLength={20_000}
            rows={14}
            className={`${inputStyles} font-mono text-sm`}
          />
        </SectionForm>
      ))}
    </div>
  );
}
