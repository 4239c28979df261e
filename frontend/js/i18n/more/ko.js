// Korean strings of the screens that load on demand (i18n/index.js more()).
export default `
device_hint=이 비공개 링크를 휴대폰이나 다른 컴퓨터에서 열거나 코드를 스캔하면 그 기기에서도 내 자리로 플레이할 수 있습니다. 두 기기 모두 계속 작동합니다. 이 링크를 가진 사람은 누구나 내 자리로 플레이하니 아무와도 공유하지 마세요.
device_qr=내 자리 비공개 링크의 QR 코드
player_switch_title=이 기기에서 어느 플레이어로 할까요?
player_switch=이 링크는 {theirs}(사탕 {n}개)의 것이고, 이 기기는 {mine}(사탕 {m}개)(으)로 플레이하고 있습니다. 자리는 어느 쪽이든 그대로 플레이할 수 있어요. 고른 플레이어의 사탕이 이 기기에 표시되고, 여기서 만든 테이블의 사탕도 그 플레이어가 받습니다.
player_switch_yes={name}(으)로 플레이
player_keep={name} 유지
player_switched=이제 이 기기는 {name}(으)로 플레이합니다.
v_hash=시드가 배패 전에 보여 준 지문과 같아요
v_indicator=다시 나눈 지시패가 테이블과 같아요
v_dice=주사위가 같아요
v_rack=다시 나눈 내 패가 받은 패와 같아요
v_pile=더미 장수가 맞아요
v_all_ok=모두 일치해요: 이 판은 이 시드로 나눠졌어요.
v_bad=불일치! 맞지 않는 것이 있어요.
push_title=알림
push_enable=내 차례가 되면 알려 주세요
push_on=내 차례가 되거나, 판이 끝나거나, 시간이 얼마 남지 않으면 이 기기로 알려 드려요.
push_off=알림 끄기
push_done=알림이 켜졌어요.
push_blocked=이 사이트의 알림이 차단되어 있어요. 브라우저 설정에서 허용해 주세요.
push_ios=iPhone과 iPad에서는 앱을 홈 화면에 추가해야 알림을 받을 수 있어요. 공유 → "홈 화면에 추가"를 누른 뒤 거기서 테이블을 여세요.
push_none=이 브라우저는 알림을 보여 줄 수 없어요. 탭을 열어 두면 내 차례일 때 제목이 바뀌어요.
stat_title={name}
stat_hands=이긴 판
stat_matches=이긴 경기
stat_won_of={n}번 중 {won}번
stat_streak=연속으로 이긴 경기
stat_streak_now=지금 {n}, 최고 {best}
stat_pairs=쌍으로 끝낸 판
stat_okey=오케이로 끝낸 판
stat_best_hand=최고의 판 (가장 낮은 점수)
stat_none=아직 플레이한 판이 없어요. 첫 판부터 기록이 시작돼요.
`
