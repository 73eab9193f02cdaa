<?php

/**
 * Custom fields: stored as post meta under their own names, served and written under `acf`.
 *
 * @package PaymentsHeadless
 */

declare(strict_types=1);

namespace PaymentsHeadless\Tests;

use PaymentsHeadless\ContentModel;
use PaymentsHeadless\Fields;

final class FieldsTest extends TestCase
{
    private const MAPPING = '[{"field":"heading","valueSingle":{"label":"Heading","path":"acf.heading"}},'
        . '{"field":"cta","valueObject":{"label":{"label":"CTA label","path":"acf.cta_label"},"url":{"label":"CTA link","path":"acf.cta_url"}}},'
        . '{"field":"cards","valueList":{"label":"Cards","path":"acf.cards","fields":{"title":{"label":"Title","path":"title"}}}}]';

    public function testAcfOfAnItemWithoutFieldsIsAnEmptyJsonListLikePhpsEmptyArray(): void
    {
        $id = $this->createPost('news');
        $text = $this->jsonText($this->rest('GET', "/wp/v2/news/{$id}"));
        $this->assertStringContainsString('"acf":[]', $text);
        $this->assertStringContainsString('"meta":[]', $text);
    }

    public function testFieldsWrittenThroughRestAreStoredAsPostMetaUnderTheirOwnNames(): void
    {
        $this->loginAs('administrator');
        $response = $this->rest('POST', '/wp/v2/events', [
            'title' => 'Summit', 'status' => 'publish',
            'acf' => [
                'start_date' => '2026-05-12T09:00:00', 'end_date' => '2026-05-13T17:00:00',
                'location' => 'Denver, CO', 'registration_url' => 'https://events.example.com/summit',
            ],
        ]);
        $this->assertSame(201, $response->get_status(), $this->jsonText($response));
        $id = $this->json($response)['id'];
        $this->assertSame('Denver, CO', get_post_meta($id, 'location', true));
        $this->assertSame('2026-05-12T09:00:00', get_post_meta($id, 'start_date', true));
        $this->assertSame('https://events.example.com/summit', $this->json($response)['acf']['registration_url']);
    }

    public function testPageFramesAreServedAsIntegerIdsInOrderAndStringsAsStrings(): void
    {
        $this->loginAs('administrator');
        $response = $this->rest('POST', '/wp/v2/fp_page', [
            'title' => 'Home', 'status' => 'publish', 'acf' => ['frames' => [30, '12', 7], 'section' => 'pages'],
        ]);
        $this->assertSame(201, $response->get_status(), $this->jsonText($response));
        wp_set_current_user(0);
        $acf = $this->json($this->rest('GET', '/wp/v2/fp_page/' . $this->json($response)['id']))['acf'];
        $this->assertSame(['frames' => [30, 12, 7], 'section' => 'pages'], $acf);
    }

    public function testFrameDataRoundTripsListsObjectsEmptyStringsAndBackslashes(): void
    {
        $this->loginAs('administrator');
        $acf = [
            'frame_type' => 'card-grid',
            'heading' => 'Say "hi" \\o/ & <b>bold</b>',
            'image' => ['https://cdn.example.com/a.png', 'https://cdn.example.com/b.png'],
            'cards' => [
                ['title' => 'One', 'text' => 'First', 'link' => ['title' => 'More', 'url' => '/pages/one', 'target' => '']],
                ['title' => 'Two', 'text' => 'Second', 'link' => ''],
            ],
            'cta_label' => '',
        ];
        $response = $this->rest('POST', '/wp/v2/frame', ['title' => 'Cards', 'status' => 'publish', 'acf' => $acf]);
        $this->assertSame(201, $response->get_status(), $this->jsonText($response));
        wp_set_current_user(0);
        $read = $this->json($this->rest('GET', '/wp/v2/frame/' . $this->json($response)['id']))['acf'];
        $this->assertSame($acf, $read);
    }

    public function testAnUpdateChangesTheFieldsSentDeletesNullsAndKeepsTheRest(): void
    {
        $this->loginAs('administrator');
        $id = $this->createPost('case-studies', [], [
            'client' => 'Crestfield', 'summary' => 'Old', 'cta_label' => 'Talk', 'cta_url' => '/contact-us',
        ]);
        $response = $this->rest('PUT', "/wp/v2/case-studies/{$id}", ['acf' => ['summary' => 'New', 'cta_label' => null]]);
        $this->assertSame(200, $response->get_status(), $this->jsonText($response));
        $this->assertSame(['client' => 'Crestfield', 'summary' => 'New', 'cta_url' => '/contact-us'], $this->json($response)['acf']);
        $this->assertFalse(metadata_exists('post', $id, 'cta_label'));
    }

    public function testFrameTypeFieldsMappingIsServedTopLevelAsTheStringStored(): void
    {
        $this->loginAs('administrator');
        $response = $this->rest('POST', '/wp/v2/frame_type', ['title' => 'Hero', 'status' => 'publish', 'fields_mapping' => self::MAPPING]);
        $this->assertSame(201, $response->get_status(), $this->jsonText($response));
        wp_set_current_user(0);
        $read = $this->json($this->rest('GET', '/wp/v2/frame_type', ['slug' => $this->json($response)['slug']]))[0];
        $this->assertSame(self::MAPPING, $read['fields_mapping']);
        $this->assertSame([], $read['acf']);
    }

    /**
     * @return array<string, array{0: string, 1: array<string, mixed>}>
     */
    public static function invalidWrites(): array
    {
        return [
            'a key the type does not have' => ['whitepapers', ['acf' => ['password' => 'x']]],
            'a frame key with capitals' => ['frame', ['acf' => ['Heading' => 'x']]],
            'a frame key starting with an underscore' => ['frame', ['acf' => ['_edit_lock' => '1']]],
            'acf as a list' => ['frame', ['acf' => ['a', 'b']]],
            'acf as a string' => ['news', ['acf' => 'x']],
            'frames that are not ids' => ['fp_page', ['acf' => ['frames' => ['abc']]]],
            'frames as an object' => ['fp_page', ['acf' => ['frames' => ['a' => 1]]]],
            'a section that is not a slug' => ['fp_page', ['acf' => ['section' => 'Pages / 2']]],
            'an unknown alert type' => ['alert', ['acf' => ['alert_type' => 'Banner']]],
            'enable that is not a flag' => ['alert', ['acf' => ['enable' => 'yes']]],
            'a javascript: link' => ['alert', ['acf' => ['link_url' => 'javascript:alert(1)']]],
            'a date that is not a date' => ['events', ['acf' => ['start_date' => 'next May']]],
            'frame data nested too deep' => ['frame', ['acf' => ['deep' => [[[[[['x']]]]]]]]],
            'frame data over the size cap' => ['frame', ['acf' => ['body' => str_repeat('x', Fields::MAX_BYTES)]]],
            'a mapping that is not JSON' => ['frame_type', ['fields_mapping' => '[{']],
            'a mapping rule without a value' => ['frame_type', ['fields_mapping' => '[{"field":"a"}]']],
            'a mapping rule with two values' => ['frame_type', [
                'fields_mapping' => '[{"field":"a","valueSingle":{"label":"A","path":"acf.a"},"valueObject":{}}]',
            ]],
        ];
    }

    /**
     * @dataProvider invalidWrites
     * @param array<string, mixed> $body
     */
    public function testInvalidFieldsAreRejectedWith400RestInvalidParamAndNothingIsCreated(string $restBase, array $body): void
    {
        $this->loginAs('administrator');
        $before = (int) wp_count_posts(ContentModel::postTypeFor($restBase))->draft;
        $response = $this->rest('POST', "/wp/v2/{$restBase}", $body);
        $this->assertSame(400, $response->get_status(), $this->jsonText($response));
        $this->assertSame('rest_invalid_param', $this->json($response)['code']);
        wp_cache_flush();
        $this->assertSame($before, (int) wp_count_posts(ContentModel::postTypeFor($restBase))->draft);
    }

    public function testWritesNeedAuthentication(): void
    {
        $response = $this->rest('POST', '/wp/v2/alert', ['title' => 'x', 'acf' => ['enable' => '1']]);
        $this->assertSame(401, $response->get_status());
        $this->assertSame('rest_cannot_create', $this->json($response)['code']);
    }

    public function testWritingAnotherUsersPostNeedsEditPost(): void
    {
        $owner = $this->loginAs('editor');
        $id = $this->createPost('whitepapers', ['post_author' => $owner], ['summary' => 'Kept']);
        $this->loginAs('author');
        $response = $this->rest('PUT', "/wp/v2/whitepapers/{$id}", ['acf' => ['summary' => 'Changed']]);
        $this->assertSame(403, $response->get_status());
        $this->assertSame('Kept', get_post_meta($id, 'summary', true));
    }

    public function testEnableAcceptsBooleansAndIsStoredAsTheStrings1And0(): void
    {
        $this->loginAs('administrator');
        $on = $this->rest('POST', '/wp/v2/alert', ['title' => 'On', 'acf' => ['alert_type' => 'Popup', 'enable' => true]]);
        $off = $this->rest('POST', '/wp/v2/alert', ['title' => 'Off', 'acf' => ['alert_type' => 'Popup', 'enable' => false]]);
        $this->assertSame('1', $this->json($on)['acf']['enable']);
        $this->assertSame('0', $this->json($off)['acf']['enable']);
    }

    public function testTextFromUsersWithoutUnfilteredHtmlIsFilteredLikePostContent(): void
    {
        $this->loginAs('author');
        $response = $this->rest('POST', '/wp/v2/whitepapers', [
            'title' => 'Guide', 'acf' => ['summary' => 'Safe <strong>bold</strong><script>alert(1)</script>'],
        ]);
        $this->assertSame(201, $response->get_status(), $this->jsonText($response));
        $summary = $this->json($response)['acf']['summary'];
        $this->assertStringContainsString('<strong>bold</strong>', $summary);
        $this->assertStringNotContainsString('<script', $summary);
    }

    public function testFieldsOfAPasswordProtectedItemNeedItsPasswordLikeItsContent(): void
    {
        $id = $this->createPost('whitepapers', ['post_password' => 'open sesame'], ['summary' => 'Members only']);
        $this->assertSame([], $this->json($this->rest('GET', "/wp/v2/whitepapers/{$id}"))['acf']);
        $this->assertSame(403, $this->rest('GET', "/wp/v2/whitepapers/{$id}", ['password' => 'wrong'])->get_status());
        $listed = $this->json($this->rest('GET', '/wp/v2/whitepapers', ['include' => [$id]]));
        $this->assertSame([], $listed[0]['acf']);
        $this->assertSame(
            ['summary' => 'Members only'],
            $this->json($this->rest('GET', "/wp/v2/whitepapers/{$id}", ['password' => 'open sesame']))['acf']
        );
    }

    public function testFrameAcfListsOnlyTheFramesOwnFieldsNotOtherMeta(): void
    {
        $id = $this->createPost('frame', [], ['frame_type' => 'hero', 'heading' => 'Hi']);
        update_post_meta($id, 'some_other_plugin_secret', 'x');
        $this->assertSame(['frame_type' => 'hero', 'heading' => 'Hi'], $this->json($this->rest('GET', "/wp/v2/frame/{$id}"))['acf']);
    }
}
