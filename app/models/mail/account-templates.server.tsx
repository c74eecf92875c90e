import { Trans } from "~/i18n/Trans";

import { isLang, localePath, type Lang } from "~/i18n/languages";
import { shopUrl } from "~/models/platform/index.server";

import { linkTokenFor } from "./compose.server";
import { MailButton, mailLang, mailStyles as s, renderMailHtml, textFooter, type MailLang } from "./layout.server";

// The account's messages: a password reset, an e-mail change to confirm, and
// the notice to the old address. A message that carries a link is rendered
// twice: with the link, to send, and with "link hidden", to keep in the
// outbox (issue 27 item 1; decision 046): the link's token is derived at send
// time, by accounts' compose step, from a nonce and the secret, and never written anywhere.

export type RenderedMail = { subject: string; html: string; text: string };
/** What is sent, and the copy the outbox keeps when it must not hold the same (a link). */
export type RenderedForSending = RenderedMail & { kept?: RenderedMail };

const langOrEnglish = (lang: string | undefined): Lang => (isLang(lang) ? lang : "en");

type LinkWords = { prefix: "passwordReset" | "emailChange"; button: string; lines: string[] };

/** A message whose point is one link: heading, a few lines, the button, the pasteable link, a last word. */
function linkMail(l: MailLang, { prefix, button, lines }: LinkWords, url: string, shownUrl: string): RenderedMail {
  const { t } = l;
  const ignore = t(`mail.${prefix}.ignore`);
  const html = renderMailHtml(
    l,
    t(`mail.${prefix}.preview`),
    <>
      <h1 style={s.h1}>{t(`mail.${prefix}.heading`)}</h1>
      {lines.map((line) => (
        <p key={line} style={s.p}>
          {line}
        </p>
      ))}
      <MailButton href={url}>{button}</MailButton>
      <p style={s.muted}>
        {/* eslint-disable-next-line jsx-a11y/anchor-has-content -- Trans puts the link text in */}
        <Trans t={t} i18nKey={`mail.${prefix}.paste`} values={{ url: shownUrl }} components={{ a: <a href={url} style={s.link} /> }} />
      </p>
      <p style={s.muted}>{ignore}</p>
    </>,
  );
  const text = [...lines, "", `${button}: ${shownUrl}`, "", ignore, "", textFooter(l)].join("\n");
  return { subject: t(`mail.${prefix}.subject`), html, text };
}

/** Sent with the link; kept with "link hidden" in its place. */
function withHiddenCopy(l: MailLang, words: LinkWords, url: string): RenderedForSending {
  const hidden = l.t("mail.linkHidden");
  return { ...linkMail(l, words, url, url), kept: linkMail(l, words, "#link-hidden", hidden) };
}

/**
 * A reset link to the page in the language it was asked from. Rows queued
 * before links were derived carry `url` itself: sent as they are, kept hidden.
 */
export function passwordResetMail(data: { name: string; nonce?: string; url?: string; lang?: string }): RenderedForSending {
  const l = mailLang(langOrEnglish(data.lang));
  const url = data.nonce
    ? shopUrl(localePath(l.lang, `/reset-password/${linkTokenFor("password-reset", data.nonce)}`))
    : (data.url ?? shopUrl(localePath(l.lang, "/forgot-password")));
  const lines = [l.t("mail.passwordReset.hello", { name: data.name }), l.t("mail.passwordReset.body")];
  return withHiddenCopy(l, { prefix: "passwordReset", button: l.t("mail.passwordReset.choose"), lines }, url);
}

/** To the NEW address: the link that makes the change. */
export function emailChangeMail(data: { name: string; nonce: string; newEmail: string; lang?: string }): RenderedForSending {
  const l = mailLang(langOrEnglish(data.lang));
  const url = shopUrl(localePath(l.lang, `/confirm-email/${linkTokenFor("email-change", data.nonce)}`));
  const lines = [l.t("mail.emailChange.hello", { name: data.name }), l.t("mail.emailChange.body", { email: data.newEmail })];
  return withHiddenCopy(l, { prefix: "emailChange", button: l.t("mail.emailChange.confirm"), lines }, url);
}

/** To the OLD address: a change was asked for, and what to do if it was not you. */
export function emailNoticeMail(data: { name: string; newEmail: string; lang?: string }): RenderedMail {
  const l = mailLang(langOrEnglish(data.lang));
  const { t } = l;
  const lines = [t("mail.emailNotice.hello", { name: data.name }), t("mail.emailNotice.body", { email: data.newEmail }), t("mail.emailNotice.ifNotYou")];
  const html = renderMailHtml(
    l,
    t("mail.emailNotice.preview"),
    <>
      <h1 style={s.h1}>{t("mail.emailNotice.heading")}</h1>
      {lines.map((line) => (
        <p key={line} style={s.p}>
          {line}
        </p>
      ))}
    </>,
  );
  return { subject: t("mail.emailNotice.subject"), html, text: [...lines, "", textFooter(l)].join("\n") };
}
