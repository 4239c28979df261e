// Turkish strings of the screens that load on demand (i18n/index.js more()).
export default `
device_hint=Bu özel bağlantıyı telefonunda ya da başka bir bilgisayarda aç (ya da kodu okut), yerinde orada da oyna. İkisi de çalışmaya devam eder. Bu bağlantı kimde varsa senin yerinde o oynar: kimseyle paylaşma.
device_qr=Özel yer bağlantının QR kodu
player_switch_title=Burada hangi oyuncu olarak oynansın?
player_switch=Bağlantı {theirs} oyuncusundan geliyor (🍬 {n}); bu cihaz {mine} olarak oynuyor (🍬 {m}). Yerin her iki durumda da çalışır: seçtiğin oyuncunun şekerleri bu cihazda görünür ve burada açılan masalarda şekeri o kazanır.
player_switch_yes={name} olarak oyna
player_keep={name} kalsın
player_switched=Bu cihaz artık {name} olarak oynuyor.
v_hash=Tohum, dağıtımdan önce gösterilen özetle aynı
v_indicator=Yeniden dağıtılan gösterge masadakiyle aynı
v_dice=Zarlar aynı
v_rack=Yeniden dağıtılan ıstakan sana dağıtılanla aynı
v_pile=Deste sayısı tutuyor
v_all_ok=Her şey tutuyor: el bu tohumdan dağıtıldı.
v_bad=Uyuşmazlık! Bir şey tutmuyor.
push_title=Bildirimler
push_enable=Sıra bana gelince bildir
push_on=Sıra sana geldiğinde, el bittiğinde ve süren azaldığında bu cihaza bildirim gelir.
push_off=Bildirimleri kapat
push_done=Bildirimler açık.
push_blocked=Bu site için bildirimler engelli: tarayıcı ayarlarından izin ver.
push_ios=iPhone ve iPad'de bildirimler için uygulama Ana Ekran'da olmalı: Paylaş'a, sonra "Ana Ekrana Ekle"ye dokun ve masayı oradan aç.
push_none=Bu tarayıcı bildirim gösteremiyor; sekmeyi açık tut, sıra sana gelince başlığı değişir.
stat_title={name}
stat_hands=Kazanılan eller
stat_matches=Kazanılan maçlar
stat_won_of={n} içinde {won}
stat_streak=Üst üste kazanılan maçlar
stat_streak_now=Şu an {n}, en iyi {best}
stat_pairs=Çiftle biten eller
stat_okey=Okeyle biten eller
stat_best_hand=En iyi el (en düşük puan)
stat_none=Henüz el oynanmadı: istatistikler ilk elinle başlar.
`
