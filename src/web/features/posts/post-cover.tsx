/** The cover image of a post, at the top of its page: the page's largest paint, fetched first. */
export function PostCover({ image, alt }: { image: string; alt: string }) {
  return (
    <figure className="post-cover">
      <img
        src={`/images/${image}`}
        alt={alt}
        width={800}
        height={450}
        loading="eager"
        fetchPriority="high"
        decoding="async"
      />
    </figure>
  );
}
