// How an asset's length reads on the course outline and in the player. The stored duration is
// seconds for audio and video but minutes of reading for articles (course_assets.duration).

/** 'm:ss' for media, 'N min read' for articles (asset type 3); null when unknown. */
export function assetDurationDisplay(assetType: number, value: number | null): string | null {
  if (value === null) return null;
  if (assetType === 3) return `${value} min read`;
  const minutes = Math.floor(value / 60);
  const seconds = value % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
