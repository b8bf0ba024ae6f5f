/** The files `postfolio init` writes into a new content folder, relative to it. */

export const SITE_YAML = `# yaml-language-server: $schema=schema/site.schema.json
# Your site: its name, the landing page, the categories of posts and the résumé page (/resume).
# Editors that speak the YAML language server check and complete the fields from the schema
# named above. After a change, run: npx postfolio import <this folder>

site:
  title: 'My notes'
  description: 'What this site is about, in a sentence: search engines and feeds show it.'
  url: https://example.com # where the site will live (feeds and links use it)
  language: en
  author: 'Your Name'

# The landing page (/) shows two cards.
landing:
  student:
    title: 'Learning too?'
    text: 'A line for readers who come to learn.'
    # Optional: a button to a course, a book or a reading list (both lines, or neither).
    # link_label: 'Open the course'
    # url: https://example.com/course
  employer:
    title: 'Hiring?'
    text: 'Employers unlock the résumé with their work address (set EMPLOYER_EMAIL).'

# Every post names one of these slugs in its front matter (category: notes).
categories:
  - slug: notes
    name: Notes
    description: 'Short things I learned.'

portfolio:
  hero:
    name: 'Your Name'
    roles: ['Developer']
    intro: 'One or two sentences about what you do.'
  about:
    heading: 'About me'
    paragraphs:
      - 'A paragraph or two about your work.'
    facts:
      - label: Location
        value: 'Somewhere nice'
  skills:
    - name: Writing
      level: 80 # 0 to 100
  resume:
    summary: 'A summary of your experience.'
    education: []
    experience:
      - title: 'Developer'
        period: '2020 – present'
        place: 'A company'
        details:
          - 'Something you are proud of.'
  # Optional sections: left out, the page leaves them out.
  # products:
  #   - name: A tool I made
  #     description: 'What it does.'
  #     image: cover.svg # a file in images/
  #     url: https://example.com/tool
  #     tags: [open source]
  # services:
  #   - title: Consulting
  #     text: 'What you offer.'
  # Optional: each section's label (the side navigation), heading and lead line.
  # sections:
  #   resume: { label: Resume, title: Experience and education }
  #   contact: { label: Contact, title: Say hello }
  contact:
    intro: 'How and why to get in touch.'
    email: you@example.com

# Your brand. Every field has a default; uncomment one to change it.
brand:
  # logo: logo.svg # a file in images/ for the top bar; without one, your initials
  # photo: me.jpg # your photo: the portfolio's hero and the author box under posts
  # icon: icon.png # a square image of 512 px or more: the favicon and the app icons
  # font: system # system, sans, serif, humanist or mono: served by the site itself
  # code_theme: { light: github-light, dark: github-dark } # Shiki's themes for code blocks
  # The colour of links and buttons, as #rrggbb: one too pale to read is refused.
  accent:
    # dark: '#7db4ff' # in the dark colour scheme
    light: '#0b5cad'

# Your profiles and addresses, in this order in the footer, on /resume and under posts. A kind
# (github, gitlab, linkedin, mastodon, bluesky, email, rss or website) and its url; a website
# also takes a label. For example:
#   links:
#     - kind: github
#       url: https://github.com/you
#     - kind: mastodon
#       url: https://mastodon.social/@you # rel="me": the profile can verify this site
#     - kind: website
#       url: https://example.com/talks
#       label: 'My talks'
links: []

# Optional: entries of the top bar after the List menu, to a page of this site or another site.
# navigation:
#   - label: Uses
#     url: /uses # a post of this site, by its slug
#   - label: Code
#     url: https://github.com/you
`;

export const SAMPLE_POST = (date: string) => `---
# yaml-language-server: $schema=../schema/post.schema.json
title: 'Hello, world'
category: notes # a slug of site.yaml's categories
summary: 'The first post of this site.'
image: cover.svg # a file in images/, shown on the post and its card
date: ${date} # a post dated in the future stays hidden until then
draft: false # true: never public
---

This is a post in **Markdown**. Add more files like this one to \`posts/\`, then run
\`npx postfolio import <this folder>\`, or \`npx postfolio new "Post title"\` to start one.

## A heading

- Lists, [links](https://example.com), \`code\` and images (\`![A cover](cover.svg)\`) work.
`;

export const COVER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675">
  <rect width="1200" height="675" fill="#1d3557"/>
  <circle cx="940" cy="170" r="120" fill="#e9c46a"/>
  <path d="M0 540 L300 330 L520 500 L760 300 L1200 620 L1200 675 L0 675 Z" fill="#457b9d"/>
</svg>
`;

export const POSTFOLIO_ENV = `# The server settings of this site, read by every postfolio command given this folder
# (serve, import, backup, messages, …). One NAME=value a line, with the names of the
# environment variables (docs/configuration.md); a variable set in the environment wins over
# this file, so secrets may stay there. Relative paths are read from this folder.
# See what is in effect and where it came from: npx postfolio config <this folder>

# The store: a SQLite file (here, inside this folder) or postgres://user:password@host:5432/db
DATABASE_URL=data/postfolio.db
# Where imported images are copied and served from.
IMAGES_DIR=data/images

PORT=3000
# HOST=127.0.0.1                   # behind a proxy on this machine; default 0.0.0.0
# PUBLIC_URL=https://example.com   # default: site.url of site.yaml
# TRUST_PROXY=1                    # one proxy in front (nginx, Caddy)

# EMPLOYER_EMAIL=hiring@example.com   # the address that unlocks the résumé; unset: never
# CONTACT_ENABLED=1                    # the contact form; read messages with postfolio messages
# SMTP_URL="smtp://user:password@mail.example.com:587"   # mail each message (quote a value with #)
# CONTACT_NOTIFY_TO=you@example.com
# PREVIEW_SECRET=                      # 32+ characters: openssl rand -base64 32

# LOG_LEVEL=info
# PAGE_SIZE=12
`;

/** The store and images that postfolio.env keeps inside the folder are not content to commit. */
export const GITIGNORE = `/data/
`;
