// @vitest-environment jsdom
// The rendered e-mail, not only the stored template, is held to the link schemes an e-mail may
// use (issue 29 item 4, decision 083): a value put inside an attribute by a placeholder must not
// turn a link into script, however it is spelt. The checks parse the result as a browser does.
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { sanitiseRichText } from '../authoring/rich-text';
import type { MailMessage, Mailer } from '../mail/mailer';
import { receiptMail } from '../payment/receipt';
import { renderEmailHtml } from './email-html';
import { templatedMailer } from './templated-mailer';

const log = pino({ level: 'silent' });

/** The templated mailer with one stored template (sanitised as the service stores it), and what it handed on. */
function mailerWith(template: string) {
  const sent: MailMessage[] = [];
  const inner: Mailer = { send: async (m) => void sent.push(m) };
  const stored = sanitiseRichText(template);
  return { sent, stored, mailer: templatedMailer(inner, async () => ({ name: 'Receipt for {{courseTitle}}', template: stored }), log) };
}

const receipt = (courseTitle: string) =>
  receiptMail(
    { email: 'learner@demo.ng', firstName: 'Ada', courseId: 7, courseTitle, partner: 'UNILAG', reference: 'RVT-1', paidAt: new Date('2026-11-24T09:15:00Z'), channel: 'card', basePriceKobo: 800_000, discountKobo: 0, discountCode: null, vatKobo: 60_000, gatewayChargeKobo: 12_500, amountKobo: 872_500 },
    { publicUrl: 'https://rivet.ng', vatPercent: 7.5 },
  );

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster', 'data', 'cite', 'ping', 'srcset'];

/** The HTML as a browser parses it: every URL attribute's value (controls and spaces gone, as browsers skip them) and every event handler. */
function parsed(html: string) {
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  const attributes = [...doc.body.querySelectorAll('*')].flatMap((el) => [...el.attributes]);
  return {
    urls: attributes.filter((a) => URL_ATTRIBUTES.includes(a.name.toLowerCase())).map((a) => [...a.value].filter((c) => c.charCodeAt(0) > 0x20).join('')),
    handlers: attributes.filter((a) => /^on/i.test(a.name)).map((a) => a.name),
  };
}
/** A URL's scheme as the URL standard reads it; none means a relative URL. */
const schemeOf = (url: string) => /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase() ?? null;
const isSafe = (url: string) => !/^[\\/]{2}/.test(url) && [null, 'https', 'http', 'mailto'].includes(schemeOf(url));

describe('the HTML of a templated e-mail', () => {
  it('drops the javascript: link a course title makes of a receipt template’s <a href="{{courseTitle}}">', async () => {
    const { mailer, sent, stored } = mailerWith('<p>Thank you for buying <a href="{{courseTitle}}">{{courseTitle}}</a>.</p>');
    // The template alone is harmless: the placeholder is a relative URL when it is saved.
    expect(stored).toBe('<p>Thank you for buying <a href="{{courseTitle}}">{{courseTitle}}</a>.</p>');
    await mailer.send(receipt('javascript:alert(document.domain)//'));
    const html = sent[0]!.html!;
    expect(html).toBe('<p>Thank you for buying <a>javascript:alert(document.domain)//</a>.</p>');
    expect(parsed(html).urls).toEqual([]);
    // The title is still there as text, in the HTML and in the text part.
    expect(sent[0]!.text).toBe('Thank you for buying javascript:alert(document.domain)//.');
  });

  const hostile: [string, string, Record<string, string>][] = [
    ['the issue’s case', '<a href="{{courseTitle}}">open</a>', { courseTitle: 'javascript:alert(document.domain)//' }],
    ['mixed case', '<a href="{{courseTitle}}">open</a>', { courseTitle: 'JaVaScRiPt:alert(1)' }],
    ['leading whitespace and controls', '<a href="{{courseTitle}}">open</a>', { courseTitle: ' \t\u0001\u001fjavascript:alert(1)' }],
    ['a tab inside the scheme', '<a href="{{courseTitle}}">open</a>', { courseTitle: 'java\tscript:alert(1)' }],
    ['a scheme split between the template and the value', '<a href="java{{courseTitle}}">open</a>', { courseTitle: 'script:alert(1)' }],
    ['an entity-encoded scheme in the value', '<a href="{{courseTitle}}">open</a>', { courseTitle: '&#106;avascript:alert(1)' }],
    ['a template-encoded prefix before the value', '<a href="&#106;ava{{courseTitle}}">open</a>', { courseTitle: 'script:alert(1)' }],
    ['data:', '<a href="{{courseTitle}}">open</a>', { courseTitle: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' }],
    ['vbscript:', '<a href="{{courseTitle}}">open</a>', { courseTitle: 'vbscript:msgbox(1)' }],
    ['protocol-relative', '<a href="{{courseTitle}}">open</a>', { courseTitle: '//evil.example/phish' }],
    ['a quote trying to leave the attribute', '<a href="https://rivet.ng/{{courseTitle}}">open</a>', { courseTitle: '" onclick="alert(1)" x="' }],
  ];
  it.each(hostile)('leaves no dangerous URL attribute: %s', (_case, template, values) => {
    const html = renderEmailHtml(sanitiseRichText(template), values);
    const { urls, handlers } = parsed(html);
    for (const url of urls) expect(isSafe(url), `${url} in ${html}`).toBe(true);
    expect(handlers, html).toEqual([]);
  });

  it('keeps the links an e-mail should have: https, http, mailto and the platform’s own', () => {
    const template = sanitiseRichText('<p><a href="{{courseUrl}}">Start</a> · <a href="mailto:support@rivet.ng">Support</a> · <a href="http://localhost:8080/x?a=1&amp;b=2">Local</a></p>');
    expect(renderEmailHtml(template, { courseUrl: 'https://rivet.ng/course/delivery?courseId=12' })).toBe(
      '<p><a href="https://rivet.ng/course/delivery?courseId=12">Start</a> · <a href="mailto:support@rivet.ng">Support</a> · <a href="http://localhost:8080/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">Local</a></p>',
    );
  });
});
