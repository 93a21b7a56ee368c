/**
 * A unit's NFC tag id (spec §3 "NFC tag: tag_uuid"): what may be stored as one, and the spec's
 * messages. The server's tag write and the browser's NFC tab check with the same rule.
 *
 * A tag id is what the tag carries (a UUID on the tags made for Fieldwatch units): 1 to 64 letters,
 * digits and hyphens — the ids the onboarding flow can open (/api/v3/onboarding/tag/:uuid) — kept
 * in lower case, so the id typed from a label and the id read by a phone are the same tag.
 */

/** Longest tag id. */
export const NFC_TAG_MAX = 64;
const TAG_ID = /^[a-z0-9-]{1,64}$/;

export const NFC_TAG_MESSAGES = {
  invalid: `An NFC tag id is 1 to ${NFC_TAG_MAX} letters, digits and hyphens, e.g. 8d3f6a2e-5c1b-4e7a-9f0d-2b6c8e4a1f35`,
  inUse: 'This NFC tag is already used by another unit: remove it from that unit first',
  inUseBy: (unitName: string) => `This NFC tag is already used by the unit ${unitName}: remove it from that unit first`,
  /** The spec's messages of the NFC tab (§8). */
  updateTagFailed: "Couldn't update NFC tag",
  fetchTagFailed: "Couldn't fetch NFC tag",
} as const;

/** The stored form of a typed tag id: without spaces around it, in lower case. */
export function normalizeTagId(text: string): string {
  return text.trim().toLowerCase();
}

/** Whether a (normalised) text may be stored as a tag id. */
export function isTagId(text: string): boolean {
  return TAG_ID.test(text);
}
