import { Anchor, Text } from '@mantine/core';
import { linkify } from '@sejour/domain';

/**
 * A message's text as text: React escapes every piece, line breaks are kept by the style, and only http(s)
 * addresses become links (opened in a new tab, with no access back to this page).
 */
export function MessageText({ body }: { body: string }) {
  return (
    <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {withOffsets(linkify(body)).map((part) =>
        part.href ? (
          <Anchor key={part.offset} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </Anchor>
        ) : (
          <span key={part.offset}>{part.text}</span>
        ),
      )}
    </Text>
  );
}

/** Each piece with where it starts in the text: a stable key. */
function withOffsets(parts: Array<{ text: string; href?: string }>) {
  let offset = 0;
  return parts.map((part) => {
    const at = offset;
    offset += part.text.length;
    return { ...part, offset: at };
  });
}
