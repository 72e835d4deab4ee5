import { Card, Group, Text, ThemeIcon, Title } from '@mantine/core';

/**
 * The dashboard's reface card. The Reface work replaces this file's body with the upload,
 * the processing state and the generated image; the dashboard already renders it here.
 */
export function RefaceSlot(_props: { attributeId: number }) {
  return (
    <Card component="section" aria-labelledby="reface">
      <Group wrap="nowrap" gap="md" align="flex-start">
        <ThemeIcon size={52} radius="xl" variant="light" color="imps" c="imps.8" aria-hidden="true">
          <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <circle cx="12" cy="9" r="4" />
            <path d="M5 20c1.5-3.5 4-5 7-5s5.5 1.5 7 5" />
            <path d="M19 2.5v4M17 4.5h4" />
          </svg>
        </ThemeIcon>
        <div>
          <Title order={2} size="h5" id="reface">
            Reface
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Próximamente podrás crear tu imagen con IA.
          </Text>
        </div>
      </Group>
    </Card>
  );
}
